import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';

/** The web plugin against a fake build folder: runtime config, cache headers, SPA fallback. */
let t: TestApp;
let web: Awaited<ReturnType<typeof buildApp>>;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-static-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(staticDir, 'host'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'host', 'index.html'), '<!doctype html><title>OncoDesk</title>');
  fs.writeFileSync(path.join(staticDir, 'host', 'main.0123456789.js'), 'console.log(1)');
  fs.mkdirSync(path.join(staticDir, 'remote-vault'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'remote-vault', 'mf-manifest.json'), '{"name":"remote_vault"}');
  fs.writeFileSync(path.join(staticDir, 'remote-vault', 'remoteEntry.js'), 'var remote_vault={}');
  t = await startTestApp();
  const config = loadConfig(
    // load shedding off, as in every server test (a start-up burst would shed the first calls)
    { DATA_DIR: t.config.dataDir, DEMO_ACCOUNT: 'false', LOG_LEVEL: 'silent', LOAD_SHED: 'false', STATIC_DIR: staticDir, REMOTE_CHAT_URL: 'https://cdn.example.org/chat/mf-manifest.json' },
  );
  web = await buildApp({ config, database: t.app.database, logger: false });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

test('publishes the runtime configuration with each remote manifest URL, overridable per remote', async () => {
  const res = await web.inject({ url: '/config/runtime.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  const config = res.json();
  expect(config.remotes).toEqual({
    auth: '/remotes/auth/mf-manifest.json',
    vault: '/remotes/vault/mf-manifest.json',
    trials: '/remotes/trials/mf-manifest.json',
    chat: 'https://cdn.example.org/chat/mf-manifest.json',
  });
  expect(config.services.api).toBe('/api');
});

test('manifests and entries are revalidated; hashed chunks are cached for a year', async () => {
  const manifest = await web.inject({ url: '/remotes/vault/mf-manifest.json' });
  expect(manifest.statusCode).toBe(200);
  expect(manifest.headers['cache-control']).toBe('no-cache');
  expect(manifest.headers['access-control-allow-origin']).toBe('*');
  expect((await web.inject({ url: '/remotes/vault/remoteEntry.js' })).headers['cache-control']).toBe('no-cache');
  const chunk = await web.inject({ url: '/main.0123456789.js' });
  expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('any page path gets the shell; API and asset misses stay JSON 404s', async () => {
  for (const url of ['/', '/vault', '/download/abc', '/clinical-trials/p1/results']) {
    const res = await web.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>OncoDesk</title>');
  }
  const api = await web.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
  expect(api.statusCode).toBe(404);
  expect(api.json().error.code).toBe('not_found');
  expect((await web.inject({ url: '/remotes/vault/missing.js' })).statusCode).toBe(404);
});

test('health answers at /health and /api/health', async () => {
  for (const url of ['/health', '/api/health']) {
    const res = await web.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  }
});
