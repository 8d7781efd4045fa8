import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Trial } from '@oncodesk/shared/contracts';
import { sharedDataDir } from '../config/sharedData';
import { TrialEngine } from './index';
import { MatchThreads } from './matcher/threads';
import type { RawRecord } from './importers';
import { startWorker } from '../runtime/startWorker';
import type { RawRecords, TrialsStorage } from './storage';
import { geocodeSites, needsGeocoding, type SiteGeocoder } from './geocode';
import { knowledgeBaseVersion } from './knowledgeBase';
import { referenceVocabularies } from '../vocab/reference/active';
import { loadReferenceVocabularies } from '../vocab/reference/startup';
import type { VocabularyStorage } from '../vocab/reference/storage';

export interface TrialStore {
  readonly engine: TrialEngine;
  /**
   * Persists trials and makes them searchable at once (replaces by id; likes live elsewhere and survive).
   * kbVersion: record the knowledge base they were compiled with now (a sync); a full import marks it at its end.
   */
  save(trials: Trial[], options?: { kbVersion?: string; raw?: RawRecords }): Promise<void>;
  /** Gives sites without coordinates their city's point, as save does (so a fresh record compares with a stored one). */
  prepare(trials: Trial[]): void;
  /** Reloads trials another instance changed in the database (these ids, or all). */
  reload(change: { ids: string[] } | { all: true }): Promise<void>;
  /** Loads the stored trials into the engine. */
  loadFromDatabase(): Promise<number>;
  /** Imports the shared trial data when the database has none yet; resolves to the trials imported (0: skipped). */
  importSharedIfEmpty(dir?: string): Promise<number>;
  /**
   * Compiles the stored trials again when they were compiled with another knowledge-base version
   * (vocabularies, compiler: knowledgeBase.ts): the shared trial data's from its files, synced ones from their
   * stored source records; a trial with neither is kept as stored. Nothing is deleted, and the trials in
   * the engine serve until their recompiled form replaces them. Resolves to the trials compiled.
   */
  recompileIfStale(dir?: string): Promise<number>;
  /**
   * Start-up loading (database, then shared data when empty), run in the background after listen. With
   * `importJob`, the import / recompile runs as a job (once across instances): this instance asks for it,
   * serves what the database holds meanwhile, and loads the result when the import has finished.
   */
  startInBackground(autoImport: boolean, importJob?: () => Promise<void>): void;
  /** The background load, when one was started: resolves to the trials in the engine. */
  loading: Promise<number> | null;
  /** True once the background load has finished (also when it failed: the engine then serves what it has). */
  ready: boolean;
  /** Stops the match threads. */
  close(): Promise<void>;
}

/**
 * Parsing and compiling trials (the shared data, or stored source records) takes tens of seconds of CPU: a
 * worker thread (compileThread.ts) does it so the server keeps answering.
 */
async function compileOffThread(job: { dir: string } | { records: RawRecord[] }): Promise<{ trials: Trial[]; errors: unknown[]; files?: number }> {
  return new Promise((resolve, reject) => {
    // the worker compiles with the same vocabularies as this thread: they travel in workerData
    const worker = startWorker(require.resolve('./compileThread'), { workerData: { job, vocabularies: referenceVocabularies() } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (c) => c !== 0 && reject(new Error(`trial compile worker exited with ${c}`)));
  });
}

const SLICE = 100;
/** How long an instance waits for another's start-up import before serving what the database holds. */
const IMPORT_WAIT_MS = 20 * 60_000;

/** The in-memory engine kept in step with the trials table. */
export function trialStore(
  storage: TrialsStorage,
  log: FastifyBaseLogger,
  /** vocabularies: where the reference vocabularies are stored (imported from vocabularyDir, default the shared data) */
  options: {
    geocoder?: () => SiteGeocoder;
    vocabularies?: VocabularyStorage;
    vocabularyDir?: string;
    /** Worker threads matching trials, started with the background load (0 or unset: matching on the event loop). */
    matchThreads?: number;
  } = {},
): TrialStore {
  const engine = new TrialEngine();
  let threads: MatchThreads | null = null;
  /** Sites without coordinates get their city's point (offline gazetteer) before they are stored / indexed. */
  const geocode = (trials: Trial[]) => {
    if (!options.geocoder || !needsGeocoding(trials)) return;
    const t0 = Date.now();
    const stats = geocodeSites(trials, options.geocoder());
    if (stats.missing > 100) log.info({ ...stats, ms: Date.now() - t0 }, 'trial sites geocoded (city level)');
  };
  const store: TrialStore = {
    engine,
    loading: null,
    ready: false,
    startInBackground(autoImport, importJob) {
      store.loading = (async () => {
        // vocabularies first: the trial compile and the stored trials' version check depend on them
        if (options.vocabularies) await loadReferenceVocabularies(options.vocabularies, log, options.vocabularyDir);
        // the threads start with the vocabularies installed and get every trial loaded from here on
        if (options.matchThreads && !threads) {
          threads = new MatchThreads(options.matchThreads, () => engine.trials(), (err) => log.error({ err }, 'match thread failed'));
          engine.useThreads(threads);
        }
        if (autoImport && importJob) {
          const version = knowledgeBaseVersion();
          const pending = async () => (await storage.staleCount(version)) > 0 || (await storage.count()) === 0;
          if (await pending()) {
            // the import runs as a job, here or on another instance; it marks the knowledge-base version last, so
            // nothing stale means it has finished
            await importJob();
            const deadline = Date.now() + IMPORT_WAIT_MS;
            while ((await pending()) && Date.now() < deadline && fs.existsSync(path.join(sharedDataDir(), 'trials'))) await new Promise((r) => setTimeout(r, 2000));
          }
          // read once, whoever imported (reading all 4,000 trials back is ~15 s on a busy machine)
          await store.loadFromDatabase();
          log.info({ trials: engine.size }, 'trial knowledge base ready');
          return engine.size;
        }
        const recompiled = autoImport ? await store.recompileIfStale() : 0;
        const loaded = recompiled || (await store.loadFromDatabase());
        if (!loaded && autoImport) await store.importSharedIfEmpty();
        log.info({ trials: engine.size }, 'trial knowledge base ready');
        return engine.size;
      })()
        .catch((error) => {
          log.error({ err: error }, 'loading trials failed');
          return engine.size;
        })
        .finally(() => {
          store.ready = true;
        });
    },
    prepare: geocode,
    async close() {
      engine.useThreads(null);
      await threads?.close();
      threads = null;
    },
    async reload(change) {
      if ('all' in change) await store.loadFromDatabase();
      else engine.load(await storage.byIds(change.ids));
    },
    async save(trials, saveOptions = {}) {
      geocode(trials);
      // In slices, yielding between them, so a large import never holds the event loop for long.
      for (let i = 0; i < trials.length; i += SLICE) {
        const slice = trials.slice(i, i + SLICE);
        await storage.upsert(slice, undefined, saveOptions.kbVersion ?? null, saveOptions.raw);
        engine.load(slice);
        await new Promise((r) => setImmediate(r));
      }
    },
    async loadFromDatabase() {
      const t0 = Date.now();
      let n = 0;
      for await (const page of storage.all()) {
        // rows stored before sites were geocoded
        geocode(page);
        engine.load(page);
        n += page.length;
      }
      if (n) log.info({ trials: n, ms: Date.now() - t0 }, 'trials loaded from the database');
      return n;
    },
    async importSharedIfEmpty(dir = path.join(sharedDataDir(), 'trials')) {
      if ((await storage.count()) > 0) return 0;
      if (!fs.existsSync(dir)) {
        log.warn({ dir }, 'no shared trial data: the trial knowledge base stays empty');
        return 0;
      }
      const t0 = Date.now();
      const result = await compileOffThread({ dir });
      await store.save(result.trials);
      await storage.markKnowledgeBase(knowledgeBaseVersion());
      log.info({ dir, files: result.files, trials: result.trials.length, errors: result.errors.length, ms: Date.now() - t0 }, 'shared trial data imported');
      return result.trials.length;
    },
    async recompileIfStale(dir = path.join(sharedDataDir(), 'trials')) {
      const version = knowledgeBaseVersion();
      const stale = await storage.staleCount(version);
      if (!stale) return 0;
      const t0 = Date.now();
      let compiled = 0;
      // the shared data from its files (replacing by id: nothing else is removed)
      if (fs.existsSync(dir)) {
        const result = await compileOffThread({ dir });
        await store.save(result.trials);
        compiled += result.trials.length;
      } else log.warn({ dir }, 'shared trial data missing: its stored trials are kept as compiled before');
      // synced trials from the source records stored with them, compiled as received
      for await (const records of storage.staleRecords(version)) {
        const result = await compileOffThread({ records });
        await store.save(result.trials, { kbVersion: version });
        compiled += result.trials.length;
        if (result.errors.length) log.warn({ errors: result.errors.slice(0, 5), count: result.errors.length }, 'stored trial records that no longer compile: kept as stored');
      }
      // what is left has no source here (synced before records were kept, or the shared data is gone): kept as
      // stored, serving as it did, rather than deleted
      const kept = await storage.staleCount(version);
      await storage.markKnowledgeBase(version);
      log.info({ stale, compiled, kept, version, ms: Date.now() - t0 }, 'stored trials recompiled: the knowledge base changed');
      return compiled;
    },
  };
  return store;
}
