import type { JobQueue } from '../jobs/queue';
import type { Vault } from './index';

/** Hourly, at a minute of its own: orphan blobs, staging leftovers and expired resumable uploads. */
export const VAULT_SWEEP_CRON = '23 * * * *';

/**
 * The vault sweep as a job: once an hour across all instances (and once at start), instead of a timer
 * in every process. Running it twice at once would be harmless, but once is what it needs.
 */
export async function registerVaultJobs(jobs: JobQueue, vault: Pick<Vault, 'sweep'>): Promise<void> {
  await jobs.work('vault.sweep', async () => void (await vault.sweep()), { singleton: true, retryLimit: 2, retryDelaySeconds: 300 });
  await jobs.schedule('vault.sweep', VAULT_SWEEP_CRON);
}
