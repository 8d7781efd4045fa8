import type { FailedJob, JobHandler, JobOptions, JobQueue, WorkOptions } from '../../../src/jobs/queue';

/**
 * A JobQueue test double: send() runs the job's handler at once (awaited, like a worker picking it up),
 * retrying a failing handler up to its retryLimit; schedule() only records the cron. The real queues
 * (pg-boss, in-process) live in src/jobs and have their own tests.
 */
export function memoryQueue() {
  const handlers = new Map<string, { handler: JobHandler<unknown>; options: WorkOptions }>();
  const schedules: Array<{ name: string; cron: string; data?: unknown }> = [];
  const failures: FailedJob[] = [];
  let n = 0;
  const queue: JobQueue & { schedules: typeof schedules; runs: Array<{ name: string; attempts: number }> } = {
    kind: 'in-process',
    schedules,
    runs: [],
    async work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}) {
      handlers.set(name, { handler: handler as JobHandler<unknown>, options });
    },
    async send<T>(name: string, data: T, _options?: JobOptions) {
      const id = String(++n);
      const h = handlers.get(name);
      if (!h) throw new Error(`no handler for ${name}`);
      const attempts = 1 + (h.options.retryLimit ?? 3);
      for (let a = 1; a <= attempts; a++) {
        try {
          await h.handler(data);
          queue.runs.push({ name, attempts: a });
          return id;
        } catch (e) {
          if (a === attempts) failures.push({ id, name, data, error: String(e), attempts: a, failedAt: new Date().toISOString() });
        }
      }
      queue.runs.push({ name, attempts });
      return id;
    },
    async schedule(name, cron, data) {
      schedules.push({ name, cron, data });
    },
    async failed() {
      return [...failures].reverse();
    },
    async stop() {},
  };
  return queue;
}
