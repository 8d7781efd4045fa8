import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app';
import { trialStore } from '../../src/trials/loader';
import { trialsStorage } from '../../src/trials/storage';
import { fixtureDocument } from './fixtures';

jest.setTimeout(60_000);

describe('trial store', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trials-'));
    fs.mkdirSync(path.join(dir, 'ctgov-v2'));
    fs.writeFileSync(path.join(dir, 'ctgov-v2', 'search_demo.json'), JSON.stringify(fixtureDocument()));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('imports the shared data only into an empty database and loads it back at the next start', async () => {
    const store = trialStore(trialsStorage(t.app.database.db), t.app.log);
    expect(await store.importSharedIfEmpty(path.join(dir, 'missing'))).toBe(0);
    expect(await store.importSharedIfEmpty(dir)).toBe(3);
    expect(store.engine.size).toBe(3);
    expect(await store.importSharedIfEmpty(dir)).toBe(0); // not empty any more: nothing imported twice

    const restarted = trialStore(trialsStorage(t.app.database.db), t.app.log);
    expect(restarted.ready).toBe(false);
    restarted.startInBackground(false);
    expect(await restarted.loading).toBe(3);
    expect(restarted.ready).toBe(true);
    expect(restarted.engine.index.get('NCT90000001')?.briefTitle).toMatch(/Osimertinib/);
  });

  it('health reports whether the knowledge base has loaded, and its size (operators wait on it after a deploy)', async () => {
    // the test app never listens, so nothing has started the background load yet
    expect((await t.app.inject({ url: '/health' })).json().trials).toEqual({ ready: false, count: t.app.trialStore.engine.size });
    t.app.trialStore.startInBackground(false);
    await t.app.trialStore.loading;
    const health = (await t.app.inject({ url: '/api/health' })).json();
    expect(health.trials).toEqual({ ready: true, count: 3 });
  });
});
