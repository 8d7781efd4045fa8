import v8 from 'node:v8';
import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface LoadSheddingOptions {
  /** Requests being worked on at once (until their answer starts) above which new ones are refused. */
  maxInFlight: number;
  /** Event-loop delay (ms, mean over a 250 ms sample) above which new requests are refused. */
  maxEventLoopDelayMs: number;
  /** Share of the V8 heap limit above which new requests are refused (memory pressure). */
  maxHeapShare: number;
  /** Seconds a refused client is told to wait (Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Only API calls are shed: the health routes must answer a load balancer, and the app's page and files are
 * cheap to serve (a shed page navigation would show the error's JSON instead of the app, whose API client
 * then sends shed calls again after Retry-After).
 */
const exempt = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/health');

/**
 * Sheds load instead of falling over: a refused request gets 503 `server_busy` with Retry-After at once,
 * in the API's error shape, so the requests already admitted finish in time. Two signals:
 * - pressure on the process (@fastify/under-pressure): the event loop blocked (mean delay over a
 *   sample) or the heap near its limit;
 * - the number of requests in progress. Latency under a crowd is mostly waiting in line (on the embedded
 *   PGlite the database runs on this event loop, one query at a time; on PostgreSQL the connection
 *   pool), and the line's length is what this bounds: by Little's law a cap of N at R requests/s keeps
 *   the wait near N / R. A request counts from arrival until its answer starts, so a long download or
 *   upload body in transit does not hold a place. under-pressure has no such limit, hence this counter.
 * Only /api calls are shed (below).
 */
export const loadShedding = fp<LoadSheddingOptions>(async (app, o) => {
  const refuse = (reply: FastifyReply) => {
    void reply.header('retry-after', String(o.retryAfterSeconds));
    return new AppError(503, 'server_busy');
  };
  await app.register(underPressure, {
    sampleInterval: 250,
    maxEventLoopDelay: o.maxEventLoopDelayMs,
    maxHeapUsedBytes: Math.round(v8.getHeapStatistics().heap_size_limit * o.maxHeapShare),
    // a rejected promise reaches the error handler (the API's error shape); undefined: handled normally
    pressureHandler: (request, reply) => (exempt(request.url) ? undefined : Promise.reject(refuse(reply))),
  });

  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  const release = async (request: FastifyRequest) => {
    if (counted.delete(request)) inFlight--;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request.url)) return;
    if (inFlight >= o.maxInFlight) throw refuse(reply);
    inFlight++;
    counted.add(request);
  });
  app.addHook('onSend', async (request) => release(request));
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
  app.decorate('requestsInFlight', () => inFlight);
});
