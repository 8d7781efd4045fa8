import { z } from 'zod';

/** Runtime configuration the server publishes at /config/runtime.json; the host reads it before anything else. */
export const RuntimeConfig = z.object({
  /** Remote name -> URL of its mf-manifest.json. */
  remotes: z.record(z.string(), z.string()),
  /** Service name -> API base URL. */
  services: z.object({ api: z.string() }).catchall(z.string()),
  features: z.object({ google: z.boolean(), wallet: z.boolean() }),
  demo: z.object({ email: z.string(), password: z.string() }).nullable(),
  version: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

export const Health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  uptimeSeconds: z.number(),
  /** The trial knowledge base: loaded from the database (or imported from the shared data) after start. */
  trials: z.object({ ready: z.boolean(), count: z.number().int().nonnegative() }),
});
export type Health = z.infer<typeof Health>;

/** Liveness: the process is up and its event loop turns (no database, no work: a balancer's cheapest probe). */
export const HealthLive = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export type HealthLive = z.infer<typeof HealthLive>;

/**
 * Readiness: whether this instance should get new requests. `busy` (503) when it would shed them (too many
 * in progress, the search line full, the event loop lagging, the heap nearly full: `reasons`), or its
 * database does not answer (`unavailable`, 503), so a balancer sends the traffic to another instance.
 */
export const HealthReady = z.object({
  status: z.enum(['ok', 'busy', 'unavailable']),
  reasons: z.array(z.enum(['in_flight', 'heavy_queue', 'event_loop', 'heap', 'database'])),
  inFlight: z.number().int().nonnegative(),
  searchesWaiting: z.number().int().nonnegative(),
  eventLoopDelayMs: z.number().nonnegative(),
});
export type HealthReady = z.infer<typeof HealthReady>;
