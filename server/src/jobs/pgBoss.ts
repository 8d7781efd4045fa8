import PgBoss from 'pg-boss';
import pg from 'pg';

/** Advisory-lock key under which instances declare queues one at a time (any constant unique to this use). */
const DECLARE_LOCK = 0x0cd0b055;
/** How often pg-boss 10's offWork loop (node_modules/pg-boss/src/manager.js) polls its stopping workers. */
const OFFWORK_POLL_MS = 1000;
import type { FastifyBaseLogger } from 'fastify';
import type { FailedJob, JobHandler, JobOptions, JobQueue, WorkOptions } from './queue';

/**
 * The job queue on PostgreSQL: pg-boss (10.x, the last major that runs on Node 20) in its own schema.
 * Every instance registers the same workers; pg-boss hands each job to one of them (SKIP LOCKED), retries
 * with back-off, and fires each cron schedule once across instances. A job whose instance dies mid-run
 * comes back after its expiry (expireInSeconds) and runs again. Failed jobs stay in the job table
 * (state 'failed') for a week: the operator's dead-letter view reads them.
 */
export async function pgBossQueue(connectionString: string, log: FastifyBaseLogger, options: { pollSeconds?: number; expireInSeconds?: number } = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    application_name: 'oncodesk-jobs',
    max: 4,
    // a job running when its instance was killed is retried after this long
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 3600,
    // finished jobs may carry mail with links in them: archived after an hour, deleted after a day
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  await boss.start();
  const pollSeconds = options.pollSeconds ?? 2;
  const declared = new Map<string, WorkOptions>();
  const workers = new Map<string, string>();

  async function declare(name: string, o: WorkOptions) {
    if (declared.has(name)) return;
    declared.set(name, o);
    const settings = {
      name,
      // 'stately': at most one waiting and one running job (per singleton key) — the singleton contract,
      // and never two at once on two instances
      policy: o.singleton ? ('stately' as const) : ('standard' as const),
      retryLimit: o.retryLimit ?? 3,
      retryDelay: o.retryDelaySeconds ?? 30,
      retryBackoff: true,
    };
    // Two instances starting together deadlock inside pg-boss's create_queue (each ALTERs the new
    // partition while the other holds the queue row: seen in the multi-instance test), so queue creation
    // is serialised across instances by a PostgreSQL advisory lock.
    const lock = new pg.Client({ connectionString, application_name: 'oncodesk-jobs-declare' });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [DECLARE_LOCK]);
      if (!(await boss.getQueue(name))) await boss.createQueue(name, settings);
      await boss.updateQueue(name, settings);
    } finally {
      await lock.end().catch(() => {}); // ending the session releases the lock
    }
  }

  return {
    kind: 'pg-boss',
    async work<T>(name: string, handler: JobHandler<T>, o: WorkOptions = {}) {
      await declare(name, o);
      // one job per fetch (a failure fails only its own job); the worker is woken after each job and after
      // each local send instead of waiting for its next poll, so a backlog drains at once
      let id = '';
      id = await boss.work<T>(name, { batchSize: 1, pollingIntervalSeconds: pollSeconds }, async ([job]) => {
        try {
          await handler(job.data);
        } finally {
          setImmediate(() => boss.notifyWorker(id));
        }
      });
      workers.set(name, id);
    },
    async send<T>(name: string, data: T, o: JobOptions = {}) {
      if (!declared.has(name)) await declare(name, {});
      const id = await boss.send(name, (data ?? {}) as object, {
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
      });
      const worker = workers.get(name);
      if (id && worker && !o.startAfterSeconds) boss.notifyWorker(worker);
      return id;
    },
    async schedule(name, cron, data = {}) {
      if (!declared.has(name)) await declare(name, {});
      await boss.schedule(name, cron, data as object, { tz: 'UTC' });
    },
    async failed(limit = 50): Promise<FailedJob[]> {
      const { rows } = await boss.getDb().executeSql(
        `select id, name, data, output, retry_count, completed_on from pgboss.job where state = 'failed'
         union all select id, name, data, output, retry_count, completed_on from pgboss.archive where state = 'failed'
         order by completed_on desc nulls last limit $1`,
        [limit],
      );
      return rows.map((r) => ({
        id: String(r.id),
        name: String(r.name),
        data: r.data,
        error: String(r.output?.message ?? r.output?.value?.message ?? JSON.stringify(r.output ?? '')),
        attempts: Number(r.retry_count) + 1,
        failedAt: new Date(r.completed_on ?? Date.now()).toISOString(),
      }));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
      // pg-boss 10's stop() starts, and does not await, one loop per worker queue that polls every second
      // until the workers have stopped and then forgets them (manager.js offWork). By now the workers have
      // stopped, so the loop ends at its next poll: waiting out one poll means nothing of the queue runs
      // after stop() resolves (a process exit or a test file's teardown caught it mid-loop, seen in CI).
      await new Promise((resolve) => setTimeout(resolve, OFFWORK_POLL_MS + 100));
    },
  };
}
