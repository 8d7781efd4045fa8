import http, { type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { PassThrough } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { errorMessage } from './messages';
import { watchBodyProgress } from './stall';

export interface RequestTimeouts {
  /** The request line and headers must arrive within this (ms). */
  headersMs: number;
  /** A body the server reads itself (JSON, forms) is cut when no byte arrives for this long (ms). */
  bodyIdleMs: number;
  /** The whole request, headers and body (an upload chunk too), must arrive within this (ms). */
  requestMs: number;
}

export const requestTimedOut = () => new AppError(408, 'request_timeout');

/** The Accept-Language of the last request on each connection, for answers written before or outside Fastify. */
const languages = new WeakMap<object, string | undefined>();
/**
 * Connections whose request was answered before its body had arrived (a 401 or 503 refuses without
 * reading it): a timeout that then cuts the rest of that body must not write a second answer.
 */
const answeredEarly = new WeakSet<object>();

/**
 * Node's http server enforces the headers and whole-request bounds on every connection (checked each
 * `connectionsCheckingInterval`, 30 s by default: 1 s here so a held connection is cut near its bound,
 * not up to 30 s later). A request counts until its body has fully arrived; the time its handler then
 * takes is not bounded here (see loadShedding.ts for how much work runs at once). Fastify turns Node's
 * own request timeout off unless given one.
 */
export function serverTimeoutOptions(t: RequestTimeouts) {
  return {
    requestTimeout: t.requestMs,
    http: { headersTimeout: Math.min(t.headersMs, t.requestMs), connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(t.headersMs / 4))) },
    clientErrorHandler,
  };
}

/**
 * Errors Node raises on a connection before or outside a Fastify request (headers or request too slow,
 * headers too large, malformed HTTP), answered in the API's error shape (Fastify's default writes its
 * own JSON shape), translated when a previous request on the connection named a language. An answer
 * already under way is never corrupted: the connection is then only closed.
 */
function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'request_timeout'] : error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'headers_too_large'] : [400, 'validation_failed'];
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent && !answeredEarly.has(socket)) {
    const body = JSON.stringify({ error: { code, message: errorMessage(code, languages.get(socket)) } });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  this.log.debug({ err: error }, 'client error');
  socket.destroy();
}

/**
 * Bodies that are read through the raw request by the route itself (multipart uploads, tus) have their
 * own progress watch with VAULT_UPLOAD_STALL_SECONDS (http/stall.ts); every other body is read by the
 * server's parsers and gets the one here.
 */
function routeReadsRawBody(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '') || request.headers['tus-resumable'] !== undefined;
}

/**
 * Cuts a body that stops arriving: the parser reads it through a pass-through which, once no byte came
 * for `bodyIdleMs` while the parser was waiting, fails with 408 `request_timeout` (the error handler
 * answers in the API's shape), and the connection is closed shortly after (the rest of the body would
 * never be read). Progress is the rule of http/stall.ts (bytes on the socket, time the server itself
 * holds the body back not counted), the same for uploads and JSON.
 */
export const bodyTimeouts = fp<Pick<RequestTimeouts, 'bodyIdleMs'>>(async (app, { bodyIdleMs }) => {
  app.addHook('onRequest', async (request) => {
    languages.set(request.raw.socket, request.headers['accept-language']);
  });
  // answered before its body arrived (refused by a hook: 401, 503, 415...): the rest of the body is not
  // wanted, so the connection closes after the answer instead of waiting for the body (REQUEST_TIMEOUT_SECONDS)
  // (`complete` is false on a real connection's request, absent on an injected one)
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) void reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => {
    if (request.raw.complete === false) answeredEarly.add(request.raw.socket);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody || routeReadsRawBody(request)) return payload;
    const body = new PassThrough();
    payload.on('error', (error) => body.destroy(error));
    payload.pipe(body);
    watchBodyProgress(request.raw, bodyIdleMs, () => body.destroy(requestTimedOut()));
    return body;
  });
});
