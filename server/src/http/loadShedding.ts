import v8 from 'node:v8';
import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface LoadSheddingOptions {
  /** Requests admitted at once (from a complete body until their answer starts) above which new ones are refused. */
  maxInFlight: number;
  /** Requests one client (user, or address when anonymous) may have admitted at once. */
  maxInFlightPerClient: number;
  /** CPU-heavy requests (`heavyRoutes`) running at once; a client may have this many admitted, running or waiting. */
  heavyConcurrency: number;
  /** CPU-heavy requests waiting for their turn at most. */
  heavyQueue: number;
  /** Event-loop delay (ms, mean over a 250 ms sample) above which new requests are refused. */
  maxEventLoopDelayMs: number;
  /** Share of the V8 heap limit above which new requests are refused (memory pressure). */
  maxHeapShare: number;
  /** Seconds a refused client is told to wait (Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Routes whose work is CPU-heavy: the matching engine runs over the whole trial index (~60 ms for 4,200
 * trials on this project's machines, up to ~270 ms under load). It runs in match threads
 * (trials/matcher/threads.ts, TRIALS_MATCH_THREADS), so the event loop is free meanwhile, but each thread
 * is one core: they run `heavyConcurrency` at a time (by default as many as there are match threads), the
 * rest wait in line, so searches cannot take every core from the reads. A test checks each route exists.
 */
export const heavyRoutes: ReadonlySet<string> = new Set([
  'POST /api/trials/find-match',
  'POST /api/trials/matchminer/find-match',
  'POST /api/trials/matchminer/pre-filter',
  'POST /api/trials/matchminer/comorbidities-match',
  'POST /api/trials/re-match',
]);

/**
 * Only API calls are shed: the health routes must answer a load balancer, and the app's page and files are
 * cheap to serve (a shed page navigation would show the error's JSON instead of the app, whose API client
 * then sends shed calls again after Retry-After).
 */
const exempt = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/health');

export interface LoadState {
  /** False when a new API request would be refused now: the balancer should send it elsewhere. */
  ready: boolean;
  /** Why not ready: `in_flight`, `heavy_queue`, `event_loop`, `heap`. */
  reasons: string[];
  inFlight: number;
  heavyRunning: number;
  heavyWaiting: number;
  eventLoopDelayMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How loaded the instance is (readiness, health/routes.ts). Absent when load shedding is off. */
    loadState?: () => LoadState;
  }
}

interface Ticket {
  client: string;
  heavy: boolean;
  /** A heavy request still waiting for its turn: starts it. */
  start?: () => void;
  /** ...or refuses it (its client left). */
  cancel?: () => void;
}

/**
 * Who a request is for the per-client share: the signed-in user (the session check is cached, so this
 * costs a map lookup for a known token), otherwise the client address (behind TRUST_PROXY, the address
 * the balancer saw). A bad token counts as anonymous; the route then answers 401 as usual.
 */
async function clientOf(request: FastifyRequest): Promise<string> {
  if (request.userId) return `user:${request.userId}`;
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token && request.server.sessions) {
    try {
      return `user:${await request.server.sessions.verify(token)}`;
    } catch {
      /* anonymous */
    }
  }
  return `ip:${request.ip}`;
}

/**
 * Sheds load instead of falling over: a refused request gets 503 `server_busy` with Retry-After at once,
 * in the API's error shape, so the requests already admitted finish in time. Signals:
 * - pressure on the process (@fastify/under-pressure): the event loop blocked (mean delay over a
 *   sample) or the heap near its limit;
 * - the requests admitted. Latency under a crowd is mostly waiting in line (on the embedded PGlite the
 *   database runs on this event loop, one query at a time; on PostgreSQL the connection pool); by
 *   Little's law a cap of N at R requests/s keeps the wait near N / R. A request is admitted once its
 *   body has arrived (preValidation), so a client that sends its body slowly holds no place (its body is
 *   cut by the timeouts of http/timeouts.ts), and counts until its answer starts, so a long download
 *   does not hold one either;
 * - a share per client: one user (or one address, anonymous) cannot hold more than
 *   `maxInFlightPerClient` places, so a flood from one account is refused while others are served;
 * - a class per route: CPU-heavy searches run `heavyConcurrency` at once and wait in a bounded line,
 *   each client with at most `heavyConcurrency` of them, so searches cannot starve reads.
 * No library does per-client and per-class admission (under-pressure has one global signal,
 * @fastify/rate-limit counts requests over time, not work in progress), hence the counters here.
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
  let heavyRunning = 0;
  const perClient = new Map<string, { all: number; heavy: number }>();
  const line: Ticket[] = [];
  const tickets = new WeakMap<FastifyRequest, Ticket>();

  const next = () => {
    while (heavyRunning < o.heavyConcurrency && line.length) {
      heavyRunning++;
      line.shift()!.start!();
    }
  };
  const release = async (request: FastifyRequest) => {
    const ticket = tickets.get(request);
    if (!ticket) return;
    tickets.delete(request);
    inFlight--;
    const share = perClient.get(ticket.client)!;
    share.all--;
    if (ticket.heavy) share.heavy--;
    if (!share.all) perClient.delete(ticket.client);
    if (ticket.heavy) {
      const waiting = line.indexOf(ticket);
      if (waiting >= 0) {
        line.splice(waiting, 1);
        ticket.cancel!();
      } else heavyRunning--;
      next();
    }
  };

  app.addHook('preValidation', async (request, reply) => {
    if (exempt(request.url)) return;
    const client = await clientOf(request);
    const heavy = heavyRoutes.has(`${request.method} ${request.routeOptions.url}`);
    const share = perClient.get(client) ?? { all: 0, heavy: 0 };
    if (inFlight >= o.maxInFlight || share.all >= o.maxInFlightPerClient) throw refuse(reply);
    if (heavy && (share.heavy >= o.heavyConcurrency || (heavyRunning >= o.heavyConcurrency && line.length >= o.heavyQueue))) throw refuse(reply);
    const ticket: Ticket = { client, heavy };
    inFlight++;
    share.all++;
    if (heavy) share.heavy++;
    perClient.set(client, share);
    tickets.set(request, ticket);
    if (!heavy) return;
    if (heavyRunning < o.heavyConcurrency) {
      heavyRunning++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      ticket.start = resolve;
      ticket.cancel = () => reject(refuse(reply));
      line.push(ticket);
    });
  });
  app.addHook('onSend', async (request) => release(request));
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));

  app.decorate('requestsInFlight', () => inFlight);
  app.decorate('loadState', (): LoadState => {
    const { eventLoopDelay, heapUsed } = app.memoryUsage();
    const reasons = [
      ...(inFlight >= o.maxInFlight ? ['in_flight'] : []),
      ...(heavyRunning >= o.heavyConcurrency && line.length >= o.heavyQueue ? ['heavy_queue'] : []),
      ...(eventLoopDelay > o.maxEventLoopDelayMs ? ['event_loop'] : []),
      ...(heapUsed > v8.getHeapStatistics().heap_size_limit * o.maxHeapShare ? ['heap'] : []),
    ];
    // a loop blocked for a whole sample has no delay measured: under-pressure says Infinity
    return { ready: reasons.length === 0, reasons, inFlight, heavyRunning, heavyWaiting: line.length, eventLoopDelayMs: Number.isFinite(eventLoopDelay) ? Math.round(eventLoopDelay) : 60_000 };
  });
});
