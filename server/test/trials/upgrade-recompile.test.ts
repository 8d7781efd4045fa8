/**
 * A knowledge-base upgrade never loses a synced trial (issue 27): the registry sync stores each study as
 * received; when the knowledge-base version changes, the next start compiles the shared data from its files
 * and the synced trials from their stored records, deletes nothing, and a trial with no source is kept as
 * stored. (ClinicalTrials.gov is outside the project: its pages are replayed from the shared data.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app';
import { sharedDataDir } from '../../src/config/sharedData';
import type { TrialStore } from '../../src/trials/loader';
import { syncTrials } from '../../src/trials/jobs';
import { trialsStorage } from '../../src/trials/storage';
import { knowledgeBaseVersion } from '../../src/trials/knowledgeBase';

jest.setTimeout(120_000);

const v2 = path.join(sharedDataDir(), 'trials', 'ctgov-v2');
const page = fs.readFileSync(path.join(v2, 'search_nsclc_egfr_l858r_20260811.json'), 'utf8');
const syncedIds: string[] = JSON.parse(page).studies.map(
  (s: { protocolSection: { identificationModule: { nctId: string } } }) => s.protocolSection.identificationModule.nctId,
);
const storeOf = (t: TestApp) => (t.app as unknown as { trialStore: TrialStore }).trialStore;
const replay = (async () => new Response(page, { status: 200, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;

describe('knowledge-base upgrade', () => {
  let shared: string;
  let first: TestApp;
  let next: TestApp | undefined;
  beforeAll(async () => {
    // the shared data of this deployment: one legacy XML record (read through a copy in a temporary folder)
    shared = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-shared-trials-'));
    const xml = fs.readdirSync(path.join(sharedDataDir(), 'trials', 'ctgov-xml')).find((f) => f.endsWith('.xml'))!;
    fs.copyFileSync(path.join(sharedDataDir(), 'trials', 'ctgov-xml', xml), path.join(shared, xml));
    first = await startTestApp();
  });
  afterAll(async () => {
    await next?.close();
    await first.close();
    fs.rmSync(shared, { recursive: true, force: true });
  });

  it('keeps every synced trial, compiled again from the record the registry sent', async () => {
    const db = first.app.database.db;
    const storage = trialsStorage(db);
    expect(await storeOf(first).importSharedIfEmpty(shared)).toBeGreaterThan(0);
    const sharedIds = (await db.selectFrom('trials').select('id').execute()).map((r) => r.id);

    const synced = await syncTrials({ url: 'http://registry.invalid/api/v2/studies', query: 'q', pages: 1, cron: null }, storeOf(first), storage, replay);
    expect(synced.added.length).toBe(syncedIds.length);
    const rows = await db.selectFrom('trials').select(['id', 'raw_format', 'raw_record', 'fetched_at']).where('id', 'in', syncedIds).execute();
    expect(rows).toHaveLength(syncedIds.length);
    for (const r of rows) {
      expect(r.raw_format).toBe('ctgov-v2');
      expect(JSON.parse(r.raw_record!).protocolSection.identificationModule.nctId).toBe(r.id);
      expect(r.fetched_at).toBeTruthy();
    }

    // the release changes the knowledge base: every stored trial is now stale; one synced trial's compiled form
    // is visibly old, and one was synced by an earlier release that kept no record
    const [recompiled, noRecord] = syncedIds;
    await sql`update trials set kb_version = 'compiler@old'`.execute(db);
    await sql`update trials set data = jsonb_set(data, '{briefTitle}', '"compiled by the old release"') where id = ${recompiled}`.execute(db);
    await sql`update trials set raw_record = null, raw_format = null, data = jsonb_set(data, '{briefTitle}', '"kept as stored"') where id = ${noRecord}`.execute(
      db,
    );

    // the upgraded instance starts on the same database
    next = await startTestApp({}, { sameDatabaseAs: first });
    const store = storeOf(next);
    expect(await store.recompileIfStale(shared)).toBe(sharedIds.length + syncedIds.length - 1);
    await store.loadFromDatabase();

    const after = await db.selectFrom('trials').select(['id', 'kb_version']).execute();
    expect(after.map((r) => r.id).sort()).toEqual([...sharedIds, ...syncedIds].sort());
    expect(new Set(after.map((r) => r.kb_version))).toEqual(new Set([knowledgeBaseVersion()]));
    expect(store.engine.index.get(recompiled)?.briefTitle).not.toBe('compiled by the old release');
    expect(store.engine.index.get(recompiled)?.briefTitle).toBe(storeOf(first).engine.index.get(recompiled)?.briefTitle);
    expect(store.engine.index.get(noRecord)?.briefTitle).toBe('kept as stored');
    for (const id of syncedIds) expect(store.engine.index.get(id)).toBeDefined();
    // nothing to do at the next start
    expect(await store.recompileIfStale(shared)).toBe(0);
  });

  it('a shared-data import never erases a synced record', async () => {
    const db = first.app.database.db;
    const [id] = syncedIds;
    const trial = storeOf(first).engine.index.get(id)!;
    await storeOf(first).save([trial]);
    const row = await db.selectFrom('trials').select(['raw_record']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.raw_record).toBeTruthy();
  });
});
