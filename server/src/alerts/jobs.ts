import type { JobQueue } from '../jobs/queue';
import type { AlertsService, RematchJob } from './service';

export const REMATCH_JOB = 'alerts.rematch';
export const DIGEST_JOB = 'alerts.digest';
/** The daily digest at 07:00 UTC (a cron in UTC, as the queue reads it). */
export const DIGEST_CRON = '0 7 * * *';

/**
 * The alerts' background work on the job queue (call on every instance; the queue runs each job once):
 * 'alerts.rematch' — sent by the trial sync after a sync that added or changed trials
 * (`{ added, changed, syncedAt }`) — and the daily 'alerts.digest'. Both handlers are idempotent
 * (service.ts): a retried re-match queues nothing twice, a retried digest mails nobody twice.
 */
export async function registerAlertJobs(queue: JobQueue, alerts: AlertsService, options: { digestCron?: string } = {}): Promise<void> {
  await queue.work<RematchJob>(REMATCH_JOB, async (data) => void (await alerts.rematch(data)), { retryLimit: 3, retryDelaySeconds: 60 });
  await queue.work(DIGEST_JOB, async () => void (await alerts.digest()), { retryLimit: 5, retryDelaySeconds: 300 });
  await queue.schedule(DIGEST_JOB, options.digestCron ?? DIGEST_CRON);
}
