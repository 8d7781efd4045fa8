import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads from the environment, validated once at start. README lists them all.
 * Defaults give the embedded setup: PGlite under ./data, files on local disk, port 8080.
 */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Where PGlite, vault files, the mail outbox and generated secrets live. */
  DATA_DIR: z.string().default(path.resolve(process.cwd(), 'data')),
  /** PostgreSQL URL; when unset the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /** HMAC secret for session tokens; generated and kept in DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  /** The public origin of the app, used in mailed links. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Built frontends to serve (host at /, remotes under /remotes/<name>/). */
  STATIC_DIR: z.string().optional(),
  /** Per-remote manifest URL overrides, e.g. REMOTE_VAULT_URL=https://cdn.example.com/vault/mf-manifest.json */
  REMOTE_AUTH_URL: z.string().optional(),
  REMOTE_VAULT_URL: z.string().optional(),
  REMOTE_TRIALS_URL: z.string().optional(),
  REMOTE_CHAT_URL: z.string().optional(),
  /** Seed and advertise the shared demo account (on by default; "false" turns it off). */
  DEMO_ACCOUNT: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** argon2id cost: memory in KiB and passes. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_PASSES: z.coerce.number().int().min(1).default(2),
});
export type Env = z.infer<typeof Env>;

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string | null;
  jwtTtlHours: number;
  publicUrl: string;
  staticDir: string | null;
  remoteUrls: Record<'auth' | 'vault' | 'trials' | 'chat', string | null>;
  demoAccount: boolean;
  logLevel: Env['LOG_LEVEL'];
  argon2: { memoryCost: number; timeCost: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    jwtTtlHours: e.JWT_TTL_HOURS,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    staticDir: e.STATIC_DIR ? path.resolve(e.STATIC_DIR) : null,
    remoteUrls: { auth: e.REMOTE_AUTH_URL ?? null, vault: e.REMOTE_VAULT_URL ?? null, trials: e.REMOTE_TRIALS_URL ?? null, chat: e.REMOTE_CHAT_URL ?? null },
    demoAccount: e.DEMO_ACCOUNT === 'true',
    logLevel: e.LOG_LEVEL,
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_PASSES },
    ...overrides,
  };
}
