// jsdom lacks these Web APIs that react-router and ky use at import time; Node's own implementations suffice.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
