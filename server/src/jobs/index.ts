import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { inProcessQueue } from './inProcess';
import { pgBossQueue } from './pgBoss';
import type { JobQueue } from './queue';

export type { JobQueue, JobHandler, JobOptions, WorkOptions, FailedJob } from './queue';
export { jobsRoutes } from './routes';

/** pg-boss on PostgreSQL (any number of instances), the in-process queue on the embedded PGlite. */
export async function createJobQueue(database: Db, log: FastifyBaseLogger): Promise<JobQueue & { start(): Promise<void> }> {
  if (database.kind === 'postgres' && database.url) {
    const queue = await pgBossQueue(database.url, log);
    // pg-boss starts taking jobs as soon as a worker is registered
    return Object.assign(queue, { start: async () => {} });
  }
  return inProcessQueue(database.db, log);
}
