import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { AppError } from './errors';

// The body-progress watch of vault uploads and of every other request body (http/timeouts.ts): HTTP
// plumbing, kept here so http/ never imports a domain; its default error stays the upload's.

/** A body that makes no progress this long is cut (VAULT_UPLOAD_STALL_SECONDS). */
export const DEFAULT_STALL_MS = 30_000;
/** After a stall the connection gets this long to deliver the answer, then it is closed. */
const CLOSE_AFTER_STALL_MS = 2_000;

export const stalledUpload = () => new AppError(408, 'vault_upload_stalled');

interface Watch {
  stalled: AppError | null;
  listeners: ((error: AppError) => void)[];
  stop(): void;
}
const watches = new WeakMap<IncomingMessage, Watch>();

/**
 * Watches a request body for progress: when no byte arrives for `stallMs` while the server is ready to
 * read, the body is declared stalled: the listeners run (they fail the upload with 408, which removes its
 * staging file) and the connection is closed shortly after, so the socket's handle goes too.
 *
 * Hand-written because neither Node nor Fastify offers this: Fastify turns Node's `requestTimeout` off by
 * default (and it bounds the whole request, which would cut a large upload on a slow but healthy link),
 * and a socket idle timeout also fires while the server itself holds the body back (backpressure from a
 * slow disk or object store). Progress here is the socket's `bytesRead`; time in which the server is not
 * reading (`readableFlowing` not true: paused by backpressure, or not consumed yet, as a tus PATCH that
 * waits for its upload's lock) does not count as a stall.
 */
export function watchBodyProgress(req: IncomingMessage, stallMs: number, onStall?: (error: AppError) => void): Watch {
  const existing = watches.get(req);
  if (existing) {
    if (onStall) existing.listeners.push(onStall);
    return existing;
  }
  const socket = req.socket;
  // Only a real connection can stall (light-my-request's injected requests have no socket to watch).
  if (!(socket instanceof net.Socket) || typeof socket.bytesRead !== 'number') return { stalled: null, listeners: [], stop: () => undefined };
  let lastBytes = socket.bytesRead;
  let quietSince = Date.now();
  const watch: Watch = {
    stalled: null,
    listeners: onStall ? [onStall] : [],
    stop: () => clearInterval(timer),
  };
  const interval = Math.max(50, Math.min(1000, Math.floor(stallMs / 4)));
  let lastTick = Date.now();
  const tick = () => {
    if (req.complete || req.destroyed || socket.destroyed) return watch.stop();
    const now = Date.now();
    // a tick that comes late means the process itself was busy (a blocked event loop): bytes may be
    // waiting unread, so that stretch does not count against the client
    const late = now - lastTick > 2 * interval;
    lastTick = now;
    if (late || socket.bytesRead !== lastBytes || req.readableFlowing !== true) {
      lastBytes = socket.bytesRead;
      quietSince = now;
      return;
    }
    if (now - quietSince < stallMs) return;
    clearInterval(timer);
    const error = stalledUpload();
    watch.stalled = error;
    for (const listener of watch.listeners) listener(error);
    // The rest of the body will never be read, so the connection cannot carry another request: it is
    // closed once the answer had time to go out (routes that can also answer with Connection: close).
    setTimeout(() => socket.destroy(), CLOSE_AFTER_STALL_MS).unref();
  };
  const timer = setInterval(tick, interval);
  timer.unref();
  req.once('close', () => watch.stop());
  watches.set(req, watch);
  return watch;
}

/** The 408 a request's body watch raised, if its body stalled. */
export function stallOf(req: IncomingMessage): AppError | null {
  return watches.get(req)?.stalled ?? null;
}
