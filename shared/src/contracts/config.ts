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
