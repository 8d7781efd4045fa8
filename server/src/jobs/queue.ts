/**
 * Background work that must run exactly once across every server instance (trial sync, alert digests,
 * mail retries, upload expiry, the demo workspace rebuild). Domains register handlers on every instance;
 * the queue hands each job to one of them. On PostgreSQL the queue is pg-boss (jobs.pgBoss); on the
 * embedded PGlite, where there is only one process, an in-process queue runs the same handlers
 * (jobs.inProcess). Handlers must be idempotent: a job whose instance dies mid-run is retried.
 */
export interface JobOptions {
  /** On a singleton job name (WorkOptions.singleton): at most one waiting job per key (a second send returns null). */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface WorkOptions {
  /** Attempts after the first failure before the job is dead (shown in failed()); default 3. */
  retryLimit?: number;
  /** Seconds between attempts (doubled each time); default 30. */
  retryDelaySeconds?: number;
  /**
   * At most one waiting job of this name (per singletonKey): a sync or a digest asked for twice while one
   * waits runs once. A job may wait while another of the name runs; two never run at once.
   */
  singleton?: boolean;
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  error: string;
  attempts: number;
  failedAt: string;
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  /** 'pg-boss' or 'in-process': README and /api/health report which. */
  readonly kind: 'pg-boss' | 'in-process';
  /** Registers the handler for one job name (call on every instance, before or after start). */
  work<T = unknown>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Enqueues one job; resolves to its id, or null when a singleton with the same key is already waiting. */
  send<T = unknown>(name: string, data: T, options?: JobOptions): Promise<string | null>;
  /** A recurring job on a cron expression (UTC), created once across instances. */
  schedule(name: string, cron: string, data?: unknown): Promise<void>;
  /** Jobs that failed every attempt, newest first: the operator's dead-letter view. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Stops taking jobs and waits for running ones (bounded). */
  stop(): Promise<void>;
}
