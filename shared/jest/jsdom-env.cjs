// jsdom plus the web platform APIs Node 20 has and jsdom lacks (fetch, Request, streams, encoders),
// which react-router's data routers and ky use.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal', 'ReadableStream', 'WritableStream', 'TransformStream', 'TextEncoder', 'TextDecoder', 'structuredClone', 'BroadcastChannel']) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
