import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { signUp, startTestApp, type TestApp } from '../support/app';
import { sharedDataDir } from '../../src/config/sharedData';
import type { JobQueue } from '../../src/jobs';
import { until } from '../support/until';

/**
 * Issue 28: the registry is the catalogue's source from the first start. A first start with a sync scheduled
 * asks for a sync right after the shared-data import (here there is no shared data at all: the server starts
 * without it), and the catalogue then says what it holds and when the registry's records were fetched.
 * ClinicalTrials.gov is outside the project and cannot be reached here: two pages of a real search are served
 * by a local HTTP server.
 */
jest.setTimeout(90_000);

const pages = path.join(sharedDataDir(), 'trials', 'ctgov-v2');
const page1 = JSON.parse(fs.readFileSync(path.join(pages, 'search_phelan_next_20260811.json'), 'utf8'));
const page2 = JSON.parse(fs.readFileSync(path.join(pages, 'search_nsclc_egfr_l858r_20260811.json'), 'utf8'));
const ids = [...page1.studies, ...page2.studies].map(
  (s: { protocolSection: { identificationModule: { nctId: string } } }) => s.protocolSection.identificationModule.nctId,
);

const emptyShared = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-no-shared-'));
const savedShared = process.env.SHARED_DATA_DIR;
let registry: http.Server;
let url = '';
const requests: string[] = [];
const apps: TestApp[] = [];

beforeAll(async () => {
  registry = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const u = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(u.searchParams.get('pageToken') === page1.nextPageToken ? page2 : page1));
  });
  await new Promise<void>((r) => registry.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/api/v2/studies`;
  // a deployment without the shared reference data: the server starts, and the registry fills its catalogue
  process.env.SHARED_DATA_DIR = emptyShared;
});
afterAll(async () => {
  // closing waits out pg-boss's own stop loop (jobs/pgBoss.ts stop()), once seen running after jest tore this file down
  for (const a of apps) await a.close();
  await new Promise((r) => registry.close(r));
  if (savedShared === undefined) delete process.env.SHARED_DATA_DIR;
  else process.env.SHARED_DATA_DIR = savedShared;
  fs.rmSync(emptyShared, { recursive: true, force: true });
});

const queueOf = (t: TestApp) => (t.app as unknown as { jobs: JobQueue }).jobs;
const stored = async (t: TestApp) => (await t.app.database.db.selectFrom('trials').select('id').execute()).map((r) => r.id);

test('with a sync scheduled, the first start fills the catalogue from the registry, and the catalogue says when', async () => {
  const a = await startTestApp({ trialSync: { url, query: 'query.cond=phelan', pages: 5, cron: '0 3 * * *' } });
  apps.push(a);
  const user = await signUp(a.app);
  const before = await a.app.inject({ method: 'GET', url: '/api/trials/catalogue', headers: user.auth });
  expect(before.statusCode).toBe(200);
  expect(before.json()).toEqual({ trials: 0, open: 0, syncedAt: null });

  const asked = Date.now();
  await queueOf(a).send('trials.import', {});
  await until(async () => (await stored(a)).length === ids.length, 60_000, 100);
  expect(requests[0]).toContain('query.cond=phelan');
  expect((await stored(a)).sort()).toEqual([...ids].sort());

  const after = (await a.app.inject({ method: 'GET', url: '/api/trials/catalogue', headers: user.auth })).json();
  expect(after.trials).toBe(ids.length);
  // the open count follows the records' own statuses
  const open = [...page1.studies, ...page2.studies].filter((s: { protocolSection: { statusModule: { overallStatus: string } } }) =>
    ['RECRUITING', 'NOT_YET_RECRUITING', 'ENROLLING_BY_INVITATION', 'AVAILABLE'].includes(s.protocolSection.statusModule.overallStatus),
  ).length;
  expect(after.open).toBe(open);
  expect(Date.parse(after.syncedAt)).toBeGreaterThanOrEqual(asked - 1000);
  expect(Date.parse(after.syncedAt)).toBeLessThanOrEqual(Date.now());
  // a session is needed
  expect((await a.app.inject({ method: 'GET', url: '/api/trials/catalogue' })).statusCode).toBe(401);
});

test('with the sync off, a first start asks the registry nothing', async () => {
  const seen = requests.length;
  const b = await startTestApp({ trialSync: { url, query: 'query.cond=phelan', pages: 5, cron: null } });
  apps.push(b);
  await queueOf(b).send('trials.import', {});
  await new Promise((r) => setTimeout(r, 1500));
  expect(requests.length).toBe(seen);
  expect(await stored(b)).toEqual([]);
});
