// jsdom lacks these Web APIs that react-router, ky and antd's selects and pickers use; Node's own or tiny stand-ins suffice
// (the setup file of remote-auth and remote-trials).
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A timer-based MessageChannel (Node's real one keeps the test process alive).
if (typeof globalThis.MessageChannel === 'undefined') {
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      const port = () => ({ onmessage: null, postMessage: undefined, close() {}, start() {}, addEventListener() {}, removeEventListener() {} });
      this.port1 = port();
      this.port2 = port();
      this.port1.postMessage = (data) => setTimeout(() => this.port2.onmessage?.({ data }), 0);
      this.port2.postMessage = (data) => setTimeout(() => this.port1.onmessage?.({ data }), 0);
    }
  };
}
