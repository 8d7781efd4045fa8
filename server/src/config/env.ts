import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import cronParser from 'cron-parser';

/** What one account may use of the vault (vault/accountLimits.ts enforces it). */
export interface VaultAccountLimits {
  shareMailsPerHour: number;
  shareMailsPerDay: number;
  openUploads: number;
  openUploadBytes: number;
}

/**
 * The defaults (env: VAULT_SHARE_MAILS_PER_HOUR / _PER_DAY, VAULT_OPEN_UPLOADS_MAX, VAULT_OPEN_UPLOAD_BYTES_MAX).
 * The vault page uploads 3 files at a time, so 10 open uploads and 2 GiB (four files of the 500 MB
 * maximum) leave room for paused and resumed ones.
 */
export const DEFAULT_VAULT_ACCOUNT_LIMITS: VaultAccountLimits = { shareMailsPerHour: 20, shareMailsPerDay: 100, openUploads: 10, openUploadBytes: 2 * 1024 ** 3 };

/**
 * Every setting the server reads from the environment, validated once at start. README lists them all.
 * Defaults give the embedded setup: PGlite under ./data, files on local disk, port 8080.
 */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Where PGlite, vault files, the mail outbox and generated secrets live. */
  DATA_DIR: z.string().default(path.resolve(process.cwd(), 'data')),
  /** Derived data kept between starts (the gazetteer's built tables); unset: DATA_DIR/cache. Safe to delete; may be shared by instances. */
  CACHE_DIR: z.string().optional(),
  /** PostgreSQL URL; when unset the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL connections per instance (the pool); the server's max_connections must cover every instance's pool plus the job queue's 4 and 2 more. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** The embedded PGlite on a worker thread of its own, so its statements never hold the event loop ("false": in-process). */
  PGLITE_THREAD: z.enum(['true', 'false']).default('true'),
  /** HMAC secret for session tokens; generated and kept in DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  /** The public origin of the app, used in mailed links; unset: http://localhost:<PORT>. */
  PUBLIC_URL: z.string().url().optional(),
  /** Built frontends to serve (host at /, remotes under /remotes/<name>/). */
  STATIC_DIR: z.string().optional(),
  /** Directory of guideline packs (*.json); unset: the built-in open demonstration pack (server/guidelines). */
  GUIDELINE_PACKS_DIR: z.string().optional(),
  /** Id of the pack answers use when a request names none; unset: the first pack loaded (by file name). */
  GUIDELINE_DEFAULT_PACK: z.string().optional(),
  /** Per-remote manifest URL overrides, e.g. REMOTE_VAULT_URL=https://cdn.example.com/vault/mf-manifest.json */
  REMOTE_AUTH_URL: z.string().optional(),
  REMOTE_VAULT_URL: z.string().optional(),
  REMOTE_TRIALS_URL: z.string().optional(),
  REMOTE_CHAT_URL: z.string().optional(),
  /** Seed and advertise the shared demo account (on by default; "false" turns it off). */
  DEMO_ACCOUNT: z.enum(['true', 'false']).default('true'),
  /**
   * Which proxies may set X-Forwarded-For: "false" (none, the default: the client's own address counts),
   * "true" (any: only behind a proxy that always overwrites it), or comma-separated addresses / CIDRs.
   */
  TRUST_PROXY: z.string().default('false'),
  /** OpenAI-compatible endpoint (Ollama, vLLM, llama.cpp server, a hosted API) for the assistant; unset: the embedded engine only. */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().optional(),
  /** How long a model answer may take before the sources' own answer is given (default 60 s; in-process model: 180 s, waiting in line included). */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).optional(),
  /**
   * A GGUF model file the assistant runs in-process with node-llama-cpp (CPU), instead of an endpoint:
   * patient data stays on this server. Loaded on the first question; a file that does not load leaves
   * the embedded engine answering. Not together with LLM_BASE_URL.
   */
  LLM_GGUF_PATH: z.string().min(1).optional(),
  /** Threads the in-process model computes with (0: node-llama-cpp's choice, the machine's cores). */
  LLM_THREADS: z.coerce.number().int().min(0).max(256).default(0),
  /** Context window of the in-process model, in tokens: the sources, the question and the answer must fit. */
  LLM_CONTEXT_SIZE: z.coerce.number().int().min(512).max(131072).default(4096),
  /** Rebuild the demo account's example patients, reports and searches at start and daily ("false": leave them). */
  DEMO_WORKSPACE: z.enum(['true', 'false']).default('true'),
  /** Origins (comma-separated) of foreign pages allowed to call the API, e.g. pages embedding a remote. */
  CORS_ORIGINS: z.string().default(''),
  /**
   * Who may show the app in a frame (CSP frame-ancestors): space- or comma-separated sources, e.g.
   * "'self' https://portal.example.org"; "'none'" forbids every frame. Default: the app's own origin.
   */
  FRAME_ANCESTORS: z
    .string()
    .default("'self'")
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((sources) => sources.length > 0, "at least one source, or 'none'")
    .refine((sources) => !sources.includes("'none'") || sources.length === 1, "'none' cannot be combined with other sources")
    .refine(
      (sources) => sources.every((s) => s === "'self'" || s === "'none'" || /^(https?:|https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d+|\*))?|(\*\.)?[a-z0-9.-]+\.[a-z]{2,}(:\d+)?)$/i.test(s)),
      "each source is 'self', 'none', a scheme (https:) or an origin such as https://portal.example.org",
    ),
  /** Vault: largest accepted file in bytes (the product's limit is 500 MB). */
  VAULT_MAX_FILE_BYTES: z.coerce.number().int().min(1).default(500 * 1024 * 1024),
  /** Vault: hours an unfinished resumable (tus) upload is kept before its partial bytes are deleted. */
  VAULT_UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  /** Vault, per account: share mails (one per recipient) per hour and per day; past either, 429 vault_share_mails_hour / _day. */
  VAULT_SHARE_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(DEFAULT_VAULT_ACCOUNT_LIMITS.shareMailsPerHour),
  VAULT_SHARE_MAILS_PER_DAY: z.coerce.number().int().min(1).default(DEFAULT_VAULT_ACCOUNT_LIMITS.shareMailsPerDay),
  /** Vault, per account: resumable uploads open at once (429 vault_uploads_too_many) and the bytes they declare together (413 vault_uploads_too_large). */
  VAULT_OPEN_UPLOADS_MAX: z.coerce.number().int().min(1).default(DEFAULT_VAULT_ACCOUNT_LIMITS.openUploads),
  VAULT_OPEN_UPLOAD_BYTES_MAX: z.coerce.number().int().min(1).default(DEFAULT_VAULT_ACCOUNT_LIMITS.openUploadBytes),
  /** Vault: seconds an upload body (multipart or a tus PATCH) may make no progress before it is cut (408) and its partial file removed. */
  VAULT_UPLOAD_STALL_SECONDS: z.coerce.number().positive().default(30),
  /** Reports: largest uploaded report in bytes (read whole, in memory; at most the vault's limit). */
  DOCUMENTS_MAX_FILE_BYTES: z.coerce.number().int().min(1).default(50 * 1024 * 1024),
  /** Reports: readings at once for all users (each a child process), and per user; others wait their turn. */
  DOCUMENTS_READINGS: z.coerce.number().int().min(1).default(2),
  DOCUMENTS_READINGS_PER_USER: z.coerce.number().int().min(1).default(1),
  /** Reports: a reading's time limit in seconds and its memory limit in MB (its child process is stopped beyond them). */
  DOCUMENTS_READING_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
  DOCUMENTS_READING_MEMORY_MB: z.coerce.number().int().min(128).default(1536),
  /** Reports: scheduling priority (nice, 0-19) of a reading's child process, so the server's requests go first. */
  DOCUMENTS_READING_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Vault: S3-compatible object storage for file bytes; when VAULT_S3_BUCKET is unset files stay on local disk (DATA_DIR/vault). */
  VAULT_S3_BUCKET: z.string().optional(),
  /** Endpoint URL of a non-AWS server (MinIO, Ceph, ...); unset for AWS itself. */
  VAULT_S3_ENDPOINT: z.string().url().optional(),
  VAULT_S3_REGION: z.string().default('us-east-1'),
  /** Access keys; when unset the AWS SDK's default credential chain is used. */
  VAULT_S3_ACCESS_KEY_ID: z.string().optional(),
  VAULT_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style bucket URLs (needed by most self-hosted servers); "false" for virtual-hosted style. */
  VAULT_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** Prefix of every object key, so the vault can share a bucket. */
  VAULT_S3_PREFIX: z.string().default(''),
  /** Shed load (503 server_busy with Retry-After) when too many requests are in progress, the event loop is blocked or the heap nearly full; "false" turns it off. */
  LOAD_SHED: z.enum(['true', 'false']).default('true'),
  /** Requests in progress at once (until their answer starts) above which new ones are shed. */
  LOAD_SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(64),
  /** Mean event-loop delay (ms, over 250 ms) above which new requests are shed. */
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).default(200),
  /** Share of the V8 heap limit above which new requests are shed. */
  LOAD_SHED_MAX_HEAP_SHARE: z.coerce.number().min(0.5).max(1).default(0.9),
  /** Requests one client (a signed-in user; anonymous: its address) may have in progress at once; past it its new ones are shed. */
  LOAD_SHED_MAX_IN_FLIGHT_PER_CLIENT: z.coerce.number().int().min(1).default(8),
  /** CPU-heavy requests (trial searches, see http/loadShedding.ts) run at once; more wait in line. Default: the match threads (at least 1). */
  LOAD_SHED_HEAVY_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  /** CPU-heavy requests waiting in line at most; past it new ones are shed. */
  LOAD_SHED_HEAVY_QUEUE: z.coerce.number().int().min(0).default(8),
  /** Seconds the request headers may take to arrive (408 request_timeout). */
  REQUEST_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** Seconds a request body the server reads (JSON, forms) may make no progress before it is cut (408 request_timeout); uploads: VAULT_UPLOAD_STALL_SECONDS. */
  REQUEST_BODY_IDLE_SECONDS: z.coerce.number().positive().default(10),
  /** Seconds any request (headers and body, an upload chunk included) may take to arrive in full (408 request_timeout). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
  /** Bearer token for the operator routes (/api/ops/...: failed jobs, a trial sync on demand); unset: those routes do not exist. */
  OPS_TOKEN: z.string().min(24).optional(),
  /** Trial sync from ClinicalTrials.gov API v2: the studies URL (or a mirror), the query, pages of 100 per run. */
  TRIALS_SYNC_URL: z.string().url().default('https://clinicaltrials.gov/api/v2/studies'),
  TRIALS_SYNC_QUERY: z.string().default('query.cond=cancer&filter.overallStatus=RECRUITING'),
  TRIALS_SYNC_PAGES: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Worker threads that run trial matching, so searches do not hold the event loop (each holds its own copy
   * of the trial index, ~130 MB for the shared set); 0 matches on the event loop in slices. Default: the
   * cores less one, at least 1.
   */
  TRIALS_MATCH_THREADS: z.coerce.number().int().min(0).max(64).default(Math.max(1, os.availableParallelism() - 1)),
  /**
   * Cron (UTC) of the periodic trial sync (default daily at 03:00), which also runs at a first start; "off":
   * only on demand (POST /api/ops/trials/sync).
   */
  TRIALS_SYNC_CRON: z
    .string()
    .default('0 3 * * *')
    .refine((v) => {
      if (v === 'off') return true;
      try {
        cronParser.parseExpression(v);
        return true;
      } catch {
        return false;
      }
    }, 'not a cron expression'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** argon2id cost: memory in KiB and passes. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_PASSES: z.coerce.number().int().min(1).default(2),
  /** Outgoing mail over SMTP, e.g. smtp://user:pass@mail.example.com:587 (smtps:// for TLS); unset: DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  /** The From header of outgoing mail. */
  MAIL_FROM: z.string().default('OncoDesk <no-reply@oncodesk.local>'),
  /** Google sign-in (OpenID Connect): issuer, client id and secret; the button shows only when id and secret are set. */
  GOOGLE_ISSUER_URL: z.string().url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Sign-In with Ethereum (MetaMask); "false" hides and disables it. */
  WALLET_SIGNIN: z.enum(['true', 'false']).default('true'),
  /** Rate limits on the credential routes: requests per IP per minute; email lookups, resends and recovery also per account per 15 minutes (password sign-in is throttled instead, below). */
  AUTH_RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_ACCOUNT_PER_15MIN: z.coerce.number().int().min(1).default(10),
  /**
   * Password sign-in throttling (auth/throttle.ts): consecutive failures per account and address (and per
   * known device) before delays start (1 s, doubling, at most 15 min; the account as a whole gets twice as
   * many), and failures after which sign-in from unknown devices needs a password reset (NIST: at most 100).
   */
  AUTH_SIGNIN_FREE_FAILURES: z.coerce.number().int().min(1).max(1_000_000_000).default(5),
  AUTH_SIGNIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1_000_000_000).default(100),
});
export type Env = z.infer<typeof Env>;

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** CACHE_DIR: derived data kept between starts, rebuilt when missing. */
  cacheDir: string;
  databaseUrl: string | null;
  databasePoolMax: number;
  /** PGLITE_THREAD: the embedded database on its own thread (db/pgliteThread.ts). */
  pgliteThread: boolean;
  jwtSecret: string | null;
  jwtTtlHours: number;
  publicUrl: string;
  staticDir: string | null;
  /** Guideline pack directory and default pack id (null: built-in / first loaded). */
  guidelinePacksDir: string | null;
  guidelineDefaultPack: string | null;
  remoteUrls: Record<'auth' | 'vault' | 'trials' | 'chat', string | null>;
  demoAccount: boolean;
  demoWorkspace: boolean;
  trustProxy: boolean | string[];
  /** The assistant's model, when an endpoint and a model are both configured. */
  llm: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number } | null;
  /** The assistant's in-process model (LLM_GGUF_PATH), when configured. */
  localLlm: { path: string; threads: number; contextSize: number; timeoutMs: number } | null;
  corsOrigins: string[];
  /** CSP frame-ancestors sources ('self' by default). */
  frameAncestors: string[];
  logLevel: Env['LOG_LEVEL'];
  opsToken: string | null;
  /** Null when load shedding is off. */
  loadShedding: {
    maxInFlight: number;
    maxInFlightPerClient: number;
    heavyConcurrency: number;
    heavyQueue: number;
    maxEventLoopDelayMs: number;
    maxHeapShare: number;
    retryAfterSeconds: number;
  } | null;
  /** How long a request may take to arrive (ms): headers, body without progress, everything. */
  timeouts: { headersMs: number; bodyIdleMs: number; requestMs: number };
  trialSync: { url: string; query: string; pages: number; cron: string | null };
  /** Worker threads matching trials (0: on the event loop). */
  matchThreads: number;
  argon2: { memoryCost: number; timeCost: number };
  vault: {
    maxFileBytes: number;
    uploadExpiryHours: number;
    /** Seconds without progress before an upload body is cut (absent: 30). */
    uploadStallSeconds?: number;
    /** Per-account limits (absent: DEFAULT_VAULT_ACCOUNT_LIMITS). */
    accountLimits?: VaultAccountLimits;
    s3: { bucket: string; endpoint: string | null; region: string; accessKeyId: string | null; secretAccessKey: string | null; forcePathStyle: boolean; prefix: string } | null;
  };
  /** Reports (documents/): upload limit and the limits of readings (absent: the defaults above). */
  documents?: { maxFileBytes: number; reading: { concurrency: number; perUser: number; timeoutMs: number; memoryMb: number; nice: number } };
  mail: { smtpUrl: string | null; from: string };
  /** Null when Google sign-in is not configured. */
  google: { issuerUrl: string; clientId: string; clientSecret: string } | null;
  wallet: boolean;
  authRateLimit: { perIpPerMinute: number; perAccountPer15Min: number; signInFreeFailures?: number; signInMaxFailures?: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // one model, one place the patient data may go: an endpoint and an in-process model together is a mistake
  if (e.LLM_BASE_URL && e.LLM_GGUF_PATH) throw new Error('Invalid configuration: LLM_BASE_URL and LLM_GGUF_PATH are both set; the assistant uses one model: unset one of them');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    cacheDir: path.resolve(e.CACHE_DIR ?? path.join(e.DATA_DIR, 'cache')),
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolMax: e.DATABASE_POOL_MAX,
    pgliteThread: e.PGLITE_THREAD === 'true',
    jwtSecret: e.JWT_SECRET ?? null,
    jwtTtlHours: e.JWT_TTL_HOURS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    staticDir: e.STATIC_DIR ? path.resolve(e.STATIC_DIR) : null,
    guidelinePacksDir: e.GUIDELINE_PACKS_DIR ? path.resolve(e.GUIDELINE_PACKS_DIR) : null,
    guidelineDefaultPack: e.GUIDELINE_DEFAULT_PACK ?? null,
    remoteUrls: { auth: e.REMOTE_AUTH_URL ?? null, vault: e.REMOTE_VAULT_URL ?? null, trials: e.REMOTE_TRIALS_URL ?? null, chat: e.REMOTE_CHAT_URL ?? null },
    demoAccount: e.DEMO_ACCOUNT === 'true',
    demoWorkspace: e.DEMO_WORKSPACE === 'true',
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' || !e.TRUST_PROXY ? false : e.TRUST_PROXY.split(',').map((x) => x.trim()).filter(Boolean),
    llm: e.LLM_BASE_URL && e.LLM_MODEL ? { baseUrl: e.LLM_BASE_URL, model: e.LLM_MODEL, ...(e.LLM_API_KEY ? { apiKey: e.LLM_API_KEY } : {}), timeoutMs: e.LLM_TIMEOUT_MS ?? 60000 } : null,
    localLlm: e.LLM_GGUF_PATH ? { path: path.resolve(e.LLM_GGUF_PATH), threads: e.LLM_THREADS, contextSize: e.LLM_CONTEXT_SIZE, timeoutMs: e.LLM_TIMEOUT_MS ?? 180000 } : null,
    corsOrigins: e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    frameAncestors: e.FRAME_ANCESTORS,
    logLevel: e.LOG_LEVEL,
    opsToken: e.OPS_TOKEN ?? null,
    loadShedding:
      e.LOAD_SHED === 'true'
        ? {
            maxInFlight: e.LOAD_SHED_MAX_IN_FLIGHT,
            maxInFlightPerClient: e.LOAD_SHED_MAX_IN_FLIGHT_PER_CLIENT,
            heavyConcurrency: e.LOAD_SHED_HEAVY_CONCURRENCY ?? Math.max(1, e.TRIALS_MATCH_THREADS),
            heavyQueue: e.LOAD_SHED_HEAVY_QUEUE,
            maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
            maxHeapShare: e.LOAD_SHED_MAX_HEAP_SHARE,
            retryAfterSeconds: 1,
          }
        : null,
    timeouts: { headersMs: e.REQUEST_HEADERS_TIMEOUT_SECONDS * 1000, bodyIdleMs: e.REQUEST_BODY_IDLE_SECONDS * 1000, requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000 },
    trialSync: { url: e.TRIALS_SYNC_URL, query: e.TRIALS_SYNC_QUERY, pages: e.TRIALS_SYNC_PAGES, cron: e.TRIALS_SYNC_CRON === 'off' ? null : e.TRIALS_SYNC_CRON },
    matchThreads: e.TRIALS_MATCH_THREADS,
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_PASSES },
    vault: {
      maxFileBytes: e.VAULT_MAX_FILE_BYTES,
      uploadExpiryHours: e.VAULT_UPLOAD_EXPIRY_HOURS,
      uploadStallSeconds: e.VAULT_UPLOAD_STALL_SECONDS,
      accountLimits: { shareMailsPerHour: e.VAULT_SHARE_MAILS_PER_HOUR, shareMailsPerDay: e.VAULT_SHARE_MAILS_PER_DAY, openUploads: e.VAULT_OPEN_UPLOADS_MAX, openUploadBytes: e.VAULT_OPEN_UPLOAD_BYTES_MAX },
      s3: e.VAULT_S3_BUCKET
        ? {
            bucket: e.VAULT_S3_BUCKET,
            endpoint: e.VAULT_S3_ENDPOINT ?? null,
            region: e.VAULT_S3_REGION,
            accessKeyId: e.VAULT_S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.VAULT_S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: e.VAULT_S3_FORCE_PATH_STYLE === 'true',
            prefix: e.VAULT_S3_PREFIX,
          }
        : null,
    },
    documents: {
      maxFileBytes: Math.min(e.DOCUMENTS_MAX_FILE_BYTES, e.VAULT_MAX_FILE_BYTES),
      reading: { concurrency: e.DOCUMENTS_READINGS, perUser: e.DOCUMENTS_READINGS_PER_USER, timeoutMs: e.DOCUMENTS_READING_TIMEOUT_SECONDS * 1000, memoryMb: e.DOCUMENTS_READING_MEMORY_MB, nice: e.DOCUMENTS_READING_NICE },
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { issuerUrl: e.GOOGLE_ISSUER_URL, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : null,
    wallet: e.WALLET_SIGNIN === 'true',
    authRateLimit: {
      perIpPerMinute: e.AUTH_RATE_LIMIT_IP_PER_MINUTE,
      perAccountPer15Min: e.AUTH_RATE_LIMIT_ACCOUNT_PER_15MIN,
      signInFreeFailures: e.AUTH_SIGNIN_FREE_FAILURES,
      signInMaxFailures: e.AUTH_SIGNIN_MAX_FAILURES,
    },
    ...overrides,
  };
}
