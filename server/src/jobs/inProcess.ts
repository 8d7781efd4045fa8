import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import cronParser from 'cron-parser';
import type { Database } from '../db/schema';
import type { FailedJob, JobHandler, JobOptions, JobQueue, WorkOptions } from './queue';

/**
 * The job queue of the embedded setup (PGlite: one process). pg-boss cannot serve here: it talks to
 * PostgreSQL over its own connections with advisory locks and multi-statement transactions, while PGlite
 * is one in-process connection that Kysely serialises. The same handlers run; jobs are rows of job_queue,
 * so none is lost on a crash (one running at the crash runs again at the next start). One process means
 * no locking is needed: a job is claimed by this loop only.
 */
export function inProcessQueue(db: Kysely<Database>, log: FastifyBaseLogger, options: { pollMs?: number; completedKeepHours?: number } = {}): JobQueue & { start(): Promise<void> } {
  const pollMs = options.pollMs ?? 1000;
  const handlers = new Map<string, { handler: JobHandler<unknown>; retryLimit: number; retryDelaySeconds: number; singleton: boolean }>();
  const schedules = new Map<string, { cron: string; data: unknown; next: Date }>();
  const running = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let started = false;
  let ticking: Promise<void> | null = null;
  let lastCleanup = 0;

  const nextRun = (cron: string, after: Date) => cronParser.parseExpression(cron, { currentDate: after, utc: true }).next().toDate();

  async function runOne(job: { id: string; name: string; data: unknown; attempts: number }) {
    const entry = handlers.get(job.name)!;
    try {
      await entry.handler(job.data);
      await db.updateTable('job_queue').set({ state: 'completed', finished_at: new Date(), error: null }).where('id', '=', job.id).execute();
    } catch (error) {
      const attempts = job.attempts + 1;
      const dead = attempts > entry.retryLimit;
      const message = error instanceof Error ? error.message : String(error);
      log[dead ? 'error' : 'warn']({ job: job.name, id: job.id, attempts, err: error }, dead ? 'job failed every attempt' : 'job failed: retrying');
      await db
        .updateTable('job_queue')
        .set({
          state: dead ? 'failed' : 'created',
          attempts,
          error: message.slice(0, 2000),
          finished_at: dead ? new Date() : null,
          // exponential back-off: delay, 2×delay, 4×delay ...
          run_after: new Date(Date.now() + entry.retryDelaySeconds * 1000 * 2 ** (attempts - 1)),
        })
        .where('id', '=', job.id)
        .execute();
    }
  }

  async function tick() {
    if (stopped) return;
    const now = new Date();
    for (const [name, s] of schedules) {
      if (s.next <= now) {
        s.next = nextRun(s.cron, now);
        await queue.send(name, s.data);
      }
    }
    const names = [...handlers.keys()].filter((n) => !running.has(n));
    if (names.length) {
      // one job per name at a time; names run side by side
      const due = await db
        .selectFrom('job_queue')
        .select(['id', 'name', 'data', 'attempts'])
        .where('state', '=', 'created')
        .where('run_after', '<=', now)
        .where('name', 'in', names)
        .orderBy('run_after')
        .limit(50)
        .execute();
      for (const job of due) {
        if (running.has(job.name) || stopped) continue;
        // claimed only if still waiting (a second queue on the same database — tests — cannot take it twice)
        const claimed = await db.updateTable('job_queue').set({ state: 'active' }).where('id', '=', job.id).where('state', '=', 'created').returning('id').executeTakeFirst();
        if (!claimed) continue;
        const p = runOne(job).finally(() => {
          running.delete(job.name);
          kick();
        });
        running.set(job.name, p);
      }
    }
    if (Date.now() - lastCleanup > 3_600_000) {
      lastCleanup = Date.now();
      const keep = options.completedKeepHours ?? 24;
      await sql`delete from job_queue where state = 'completed' and finished_at < now() - make_interval(hours => ${keep})`.execute(db);
    }
  }

  function kick() {
    if (!started || stopped || ticking) return;
    ticking = tick()
      .catch((e) => log.warn({ err: e }, 'job queue poll failed'))
      .finally(() => {
        ticking = null;
      });
  }

  const queue = {
    kind: 'in-process' as const,
    async start() {
      if (started) return;
      started = true;
      // jobs that were running when the process stopped run again (handlers are idempotent)
      await db.updateTable('job_queue').set({ state: 'created' }).where('state', '=', 'active').execute();
      timer = setInterval(kick, pollMs);
      timer.unref();
      kick();
    },
    async work<T>(name: string, handler: JobHandler<T>, o: WorkOptions = {}) {
      handlers.set(name, { handler: handler as JobHandler<unknown>, retryLimit: o.retryLimit ?? 3, retryDelaySeconds: o.retryDelaySeconds ?? 30, singleton: o.singleton ?? false });
      kick();
    },
    async send<T>(name: string, data: T, o: JobOptions = {}) {
      const singleton = handlers.get(name)?.singleton;
      if (singleton) {
        const waiting = await db
          .selectFrom('job_queue')
          .select('id')
          .where('name', '=', name)
          .where('state', '=', 'created')
          .where(sql<boolean>`coalesce(singleton_key, '') = ${o.singletonKey ?? ''}`)
          .executeTakeFirst();
        if (waiting) return null;
      }
      const row = await db
        .insertInto('job_queue')
        .values({ name, data: JSON.stringify(data ?? {}), singleton_key: o.singletonKey ?? null, error: null, finished_at: null, run_after: new Date(Date.now() + (o.startAfterSeconds ?? 0) * 1000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      kick();
      return row.id;
    },
    async schedule(name: string, cron: string, data: unknown = {}) {
      schedules.set(name, { cron, data, next: nextRun(cron, new Date()) });
    },
    async failed(limit = 50): Promise<FailedJob[]> {
      const rows = await db.selectFrom('job_queue').selectAll().where('state', '=', 'failed').orderBy('finished_at', 'desc').limit(limit).execute();
      return rows.map((r) => ({ id: r.id, name: r.name, data: r.data, error: r.error ?? '', attempts: r.attempts, failedAt: new Date(r.finished_at ?? r.created_at).toISOString() }));
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await ticking;
      // bounded: a job still running after 10 s runs again at the next start
      await Promise.race([Promise.all(running.values()), new Promise((r) => setTimeout(r, 10_000).unref())]);
    },
  };
  return queue;
}
