import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/queue';
import type { TrialStore } from './loader';
import type { TrialsStorage } from './storage';
import type { TrialChanges } from './changes';
import { fetchCtgov, mergeTrials } from './ctgovSync';
import { knowledgeBaseVersion } from './knowledgeBase';

export interface TrialSyncConfig {
  /** ClinicalTrials.gov API v2 studies URL (or a mirror). */
  url: string;
  /** The query part, e.g. "query.cond=cancer&filter.overallStatus=RECRUITING". */
  query: string;
  /** Pages of 100 studies per run. */
  pages: number;
  /** Cron (UTC) of the periodic sync, which also runs at a first start; null: only on demand (POST /api/ops/trials/sync). */
  cron: string | null;
}

/** What a sync did; the 'alerts.rematch' job gets the added and changed ids. */
export interface TrialSyncResult {
  added: string[];
  changed: string[];
  unchanged: number;
  errors: number;
}

/**
 * The trials' background work, run once across instances by the job queue:
 * - 'trials.import': the first-start import of the shared trial data, or its recompile when the knowledge
 *   base changed (idempotent: it does nothing when the stored trials are current); a first start then asks
 *   for a sync when one is scheduled;
 * - 'trials.sync': fetch the configured ClinicalTrials.gov query, store what is new or changed, tell every
 *   instance to reload those trials, and hand them to the alerts.
 * Every instance reloads what another instance changed (trials/changes.ts).
 */
export async function registerTrialJobs(deps: { jobs: JobQueue; store: TrialStore; storage: TrialsStorage; changes: TrialChanges; sync: TrialSyncConfig | null; log: FastifyBaseLogger; fetchImpl?: typeof fetch }) {
  const { jobs, store, storage, changes, log } = deps;
  changes.subscribe((change) => {
    void store.reload(change).catch((e) => log.warn({ err: e }, 'reloading changed trials failed'));
  });

  await jobs.work(
    'trials.import',
    async () => {
      const recompiled = await store.recompileIfStale();
      const imported = recompiled ? 0 : await store.importSharedIfEmpty();
      if (recompiled || imported) await changes.publish({ all: true });
      // a first start (the shared records just imported, or none at all) syncs from the registry at once when
      // the sync is scheduled: the catalogue is the registry's current one from the first day, the shared
      // records its offline fallback (a failed sync leaves them and is retried)
      if (deps.sync?.cron && (imported > 0 || (await storage.count()) === 0)) await jobs.send('trials.sync', {});
    },
    { singleton: true, retryLimit: 2, retryDelaySeconds: 60 },
  );

  await jobs.work(
    'trials.sync',
    async () => {
      if (!deps.sync) return;
      const result = await syncTrials(deps.sync, store, storage, deps.fetchImpl);
      log.info(result, 'trial sync finished');
      if (result.added.length || result.changed.length) {
        await changes.publish({ ids: [...result.added, ...result.changed] });
        await jobs.send('alerts.rematch', { added: result.added, changed: result.changed, syncedAt: new Date().toISOString() });
      }
    },
    { singleton: true, retryLimit: 3, retryDelaySeconds: 300 },
  );
  if (deps.sync?.cron) await jobs.schedule('trials.sync', deps.sync.cron);
}

/** One sync: new and changed trials are stored (compiled now, so marked with the current knowledge base). */
export async function syncTrials(config: TrialSyncConfig, store: TrialStore, storage: TrialsStorage, fetchImpl: typeof fetch = fetch): Promise<TrialSyncResult> {
  const incoming = await fetchCtgov(config.query, config.pages, fetchImpl, config.url);
  // nothing read and something failed: the registry (or the network) is down; the job retries later
  if (!incoming.trials.length && incoming.errors.length) throw new Error(`trial sync read nothing: ${incoming.errors[0].message}`);
  store.prepare(incoming.trials);
  const stored = await storage.byIds(incoming.trials.map((t) => t.id));
  const { report } = mergeTrials(stored, incoming.trials);
  const toSave = new Set([...report.added, ...report.changed]);
  // each study is stored as the registry sent it, so an upgrade compiles it again instead of losing it
  const raw = { format: 'ctgov-v2' as const, records: incoming.raw, fetchedAt: new Date() };
  await store.save(incoming.trials.filter((t) => toSave.has(t.id)), { kbVersion: knowledgeBaseVersion(), raw });
  await storage.keepRaw({ ...raw, records: new Map(report.unchanged.flatMap((id) => (incoming.raw.has(id) ? [[id, incoming.raw.get(id)!]] : []))) });
  return { added: report.added, changed: report.changed, unchanged: report.unchanged.length, errors: incoming.errors.length };
}
