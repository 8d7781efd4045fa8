import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestApp, testDbKind, type TestApp } from '../support/app';
import { sharedDataDir } from '../../src/config/sharedData';
import type { JobQueue } from '../../src/jobs';
import type { TrialStore } from '../../src/trials/loader';
import { syncTrials } from '../../src/trials/jobs';
import { trialsStorage } from '../../src/trials/storage';
import { until } from '../support/until';

/**
 * The trial sync job against replayed ClinicalTrials.gov API v2 pages (the registry itself is outside
 * the project and cannot be reached here): two pages of a real search served by a local HTTP server,
 * page two reached through the registry's nextPageToken. Two server instances on one database: the one
 * that runs the job stores the trials; the other reloads them when told (LISTEN/NOTIFY on PostgreSQL).
 */
jest.setTimeout(90_000);

const dir = path.join(sharedDataDir(), 'trials', 'ctgov-v2');
const page1 = JSON.parse(fs.readFileSync(path.join(dir, 'search_phelan_next_20260811.json'), 'utf8'));
const page2 = JSON.parse(fs.readFileSync(path.join(dir, 'search_nsclc_egfr_l858r_20260811.json'), 'utf8'));
const ids = [...page1.studies, ...page2.studies].map((s: { protocolSection: { identificationModule: { nctId: string } } }) => s.protocolSection.identificationModule.nctId);

let registry: http.Server;
let requests: string[] = [];
let served = { page1, page2 };
let a: TestApp;
let b: TestApp;
const queueOf = (t: TestApp) => (t.app as unknown as { jobs: JobQueue }).jobs;
const storeOf = (t: TestApp) => (t.app as unknown as { trialStore: TrialStore }).trialStore;
const ops = { authorization: `Bearer ${'k'.repeat(32)}` };
const rematches: Array<{ added: string[]; changed: string[] }> = [];

/**
 * Runs the sync job once. `changes`: the pages served differ from what is stored, so the job ends with a rematch
 * hand-off, waited for (it is a job of its own, run after the pages are read and stored: on CI's busy cores it came
 * after the 300 ms that followed the page reads, and was counted by the next test). Otherwise: the two page reads,
 * then time for a hand-off that must not come.
 */
async function syncOnce(changes: boolean) {
  const before = rematches.length;
  const reads = requests.length;
  const res = await a.app.inject({ method: 'POST', url: '/api/ops/trials/sync', headers: ops });
  expect(res.statusCode).toBe(202);
  if (changes) return until(() => rematches.length > before);
  await until(() => requests.length >= reads + 2);
  await new Promise((r) => setTimeout(r, 1000));
}

beforeAll(async () => {
  registry = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(url.searchParams.get('pageToken') === page1.nextPageToken ? served.page2 : served.page1));
  });
  await new Promise<void>((r) => registry.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/api/v2/studies`;
  const trialSync = { url, query: 'query.cond=phelan', pages: 5, cron: null };
  a = await startTestApp({ opsToken: 'k'.repeat(32), trialSync });
  b = await startTestApp({ trialSync }, { sameDatabaseAs: a });
  // the alerts take the sync's hand-off (the 'alerts.rematch' job, run by either instance): recorded here
  for (const t of [a, b]) {
    const alerts = (t.app as unknown as { alerts: { rematch(data: { added: string[]; changed: string[] }): Promise<unknown> } }).alerts;
    const rematch = alerts.rematch.bind(alerts);
    jest.spyOn(alerts, 'rematch').mockImplementation(async (data) => {
      rematches.push(data);
      return rematch(data);
    });
  }
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await new Promise((r) => registry.close(r));
});

test('a sync stores every trial of every page, searchable at once on the instance that ran it', async () => {
  await syncOnce(true);
  expect(requests[0]).toContain('query.cond=phelan');
  expect(requests[1]).toContain(`pageToken=${encodeURIComponent(page1.nextPageToken)}`);
  const stored = await a.app.database.db.selectFrom('trials').select(['id', 'kb_version']).execute();
  expect(stored.map((t) => t.id).sort()).toEqual([...ids].sort());
  // marked with the knowledge base they were compiled with: a restart does not treat them as stale
  expect(stored.every((t) => t.kb_version)).toBe(true);
  expect(storeOf(a).engine.index.get('NCT07281079')?.briefTitle).toMatch(/Phelan/i);
  expect(rematches.at(-1)).toEqual({ added: expect.arrayContaining(ids), changed: [], syncedAt: expect.any(String) });
});

(testDbKind === 'postgres' ? test : test.skip)('the other instance reloads the synced trials when told (LISTEN/NOTIFY)', async () => {
  await until(() => Boolean(storeOf(b).engine.index.get('NCT07281079')));
  expect(ids.every((id) => storeOf(b).engine.index.get(id))).toBe(true);
});

test('a second sync of the same pages changes nothing and hands nothing to the alerts', async () => {
  const handed = rematches.length;
  await syncOnce(false);
  expect(rematches.length).toBe(handed);
});

test('a trial whose record changed (now recruiting) is stored again and handed over as changed, on both instances', async () => {
  const changedPage = structuredClone(page1);
  const study = changedPage.studies.find((s: { protocolSection: { identificationModule: { nctId: string } } }) => s.protocolSection.identificationModule.nctId === 'NCT07014020');
  study.protocolSection.statusModule.overallStatus = 'RECRUITING';
  served = { page1: changedPage, page2 };
  await syncOnce(true);
  expect(rematches.at(-1)).toEqual({ added: [], changed: ['NCT07014020'], syncedAt: expect.any(String) });
  expect(storeOf(a).engine.index.get('NCT07014020')?.overallStatus).toBe('recruiting');
  if (testDbKind === 'postgres') await until(() => storeOf(b).engine.index.get('NCT07014020')?.overallStatus === 'recruiting');
});

test('a registry that answers nothing readable fails the sync (the job is retried) and stores nothing', async () => {
  registry.removeAllListeners('request');
  registry.on('request', (_req, res) => {
    res.statusCode = 503;
    res.end('down');
  });
  const before = await a.app.database.db.selectFrom('trials').select('id').execute();
  const config = { url: `http://127.0.0.1:${(registry.address() as AddressInfo).port}/api/v2/studies`, query: 'x', pages: 1, cron: null };
  await expect(syncTrials(config, storeOf(a), trialsStorage(a.app.database.db))).rejects.toThrow(/read nothing: HTTP 503/);
  expect(await a.app.database.db.selectFrom('trials').select('id').execute()).toHaveLength(before.length);
});
