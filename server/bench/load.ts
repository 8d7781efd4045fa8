/**
 * Mixed read load on the database-backed routes, as many clinicians at once would cause: 200 connections
 * (BENCH_CONNECTIONS) each looping over GET /api/vault/items, GET /api/patients (both read the database
 * after the session check) and GET /api/trials/:id (served from memory: the reference for what the
 * process itself sustains), for BENCH_SECONDS (20) per database. Reports per route: requests/s, p50,
 * p99, worst latency, and answers by status (503 = load shed, with Retry-After).
 *
 *   npm run bench -- load                       (PGlite; PostgreSQL too when BENCH_DATABASE_URL or
 *                                                TEST_DATABASE_URL reaches a server that may CREATE DATABASE)
 *
 * The server runs in a child process (this file with --serve) so the load generator does not share its
 * event loop; both share the machine's two cores, as autocannon would.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import pg from 'pg';
import { table } from './lib';
import { parseCtgovV2 } from '../src/trials/importers';
import { sharedDataDir } from '../src/config/sharedData';

const USERS = 20;
const ITEMS_PER_USER = 40;
const PATIENTS_PER_USER = 6;

async function serve() {
  const { loadConfig } = await import('../src/config/env');
  const { buildApp } = await import('../src/app');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-load-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_ACCOUNT: 'false',
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    AUTH_RATE_LIMIT_IP_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_ACCOUNT_PER_15MIN: '100000000',
    ...(process.env.LOAD_DATABASE_URL ? { DATABASE_URL: process.env.LOAD_DATABASE_URL } : {}),
    ...(process.env.LOAD_SHED ? { LOAD_SHED: process.env.LOAD_SHED } : {}),
    ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
  });
  const app = await buildApp({ config, serveWeb: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const file = path.join(sharedDataDir(), 'trials', 'ctgov-v2', 'search_phelan_next_20260811.json');
  const trials = parseCtgovV2(fs.readFileSync(file, 'utf8'), file).trials;
  await (app as unknown as { trialStore: { save(t: unknown[]): Promise<void> } }).trialStore.save(trials);
  // seeding may itself be shed while the process warms up: each write is repeated until it is answered
  const write = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    for (;;) {
      const res = await app.inject({ method: 'POST', url, payload, headers });
      if (res.statusCode !== 503) return res;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const tokens: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const credentials = { email: `load${u}@example.org`, password: 'Load-2026!' };
    // a database another scenario seeded already: sign in instead
    let res = await write('/api/auth/signup', credentials);
    if (res.statusCode === 409) res = await write('/api/auth/signin', credentials);
    const jwt = res.json().jwt as string;
    tokens.push(jwt);
    const auth = { authorization: `Bearer ${jwt}` };
    for (let i = 0; i < ITEMS_PER_USER; i++) await write('/api/vault/folders', { parentId: null, name: `Folder ${i}` }, auth);
    for (let p = 0; p < PATIENTS_PER_USER; p++) await write('/api/patients', { name: `Patient ${p}`, focusArea: 'breast' }, auth);
  }
  process.send?.({ port, tokens, trialId: trials[0].id, database: app.database.kind });
  process.on('message', async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

interface RouteStats {
  latencies: number[];
  status: Map<number, number>;
}

async function load(port: number, tokens: string[], trialId: string, seconds: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const routes = { 'GET /api/vault/items': '/api/vault/items', 'GET /api/patients': '/api/patients', 'GET /api/trials/:id (memory)': `/api/trials/${trialId}` };
  const stats = new Map<string, RouteStats>(Object.keys(routes).map((r) => [r, { latencies: [], status: new Map() }]));
  const names = Object.keys(routes) as Array<keyof typeof routes>;
  const end = Date.now() + seconds * 1000;
  const one = (route: keyof typeof routes, token: string) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path: routes[route], agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          const s = stats.get(route)!;
          s.latencies.push(performance.now() - t0);
          s.status.set(res.statusCode ?? 0, (s.status.get(res.statusCode ?? 0) ?? 0) + 1);
          // a shed request waits as the server asks (bounded) before the client tries again
          if (res.statusCode === 503) setTimeout(resolve, Math.min(1000, Number(res.headers['retry-after'] ?? 1) * 1000));
          else resolve();
        });
      });
      req.on('error', () => {
        const s = stats.get(route)!;
        s.status.set(-1, (s.status.get(-1) ?? 0) + 1);
        resolve();
      });
    });
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      let i = c;
      while (Date.now() < end) await one(names[i++ % names.length], tokens[c % tokens.length]);
    }),
  );
  const elapsed = (Date.now() - t0) / 1000;
  agent.destroy();
  return [...stats].map(([route, s]) => {
    const sorted = s.latencies.sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    const ok = s.status.get(200) ?? 0;
    const statuses = [...s.status].sort((a, b) => a[0] - b[0]).map(([code, n]) => `${code === -1 ? 'error' : code}: ${n}`).join(', ');
    return { route, rps: ok / elapsed, p50: q(0.5), p99: q(0.99), max: sorted.at(-1) ?? 0, p99ok: q(0.99), statuses };
  });
}

async function scenario(label: string, env: Record<string, string>, seconds: number, connections: number) {
  const child = fork(__filename, ['--serve'], { execArgv: [...process.execArgv, ...(process.env.BENCH_LOAD_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_LOAD_PROFILE}`] : [])], stdio: 'inherit', env: { ...process.env, ...env } });
  const ready = await new Promise<{ port: number; tokens: string[]; trialId: string; database: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  // a short warm-up (JIT, caches), then the measured run
  await load(ready.port, ready.tokens, ready.trialId, 3, 20);
  const rows = await load(ready.port, ready.tokens, ready.trialId, seconds, connections);
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  return rows.map((r) => [label, r.route, Math.round(r.rps), Math.round(r.p50), Math.round(r.p99), Math.round(r.max), r.statuses]);
}

async function postgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const name = `oncodesk_load_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
  } catch {
    return null;
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
  const rows: Array<Array<string | number>> = [];
  // BENCH_LOAD_ONLY=pglite|postgres runs one database's scenarios
  const only = process.env.BENCH_LOAD_ONLY;
  if (only !== 'postgres') {
    rows.push(...(await scenario('PGlite, load shedding off', { LOAD_SHED: 'false' }, seconds, connections)));
    rows.push(...(await scenario('PGlite (default: shedding on)', {}, seconds, connections)));
  }
  const pgdb = only === 'pglite' ? null : await postgresUrl();
  if (pgdb) {
    try {
      rows.push(...(await scenario('PostgreSQL, load shedding off', { LOAD_DATABASE_URL: pgdb.url, LOAD_SHED: 'false' }, seconds, connections)));
      rows.push(...(await scenario('PostgreSQL (default: shedding on)', { LOAD_DATABASE_URL: pgdb.url }, seconds, connections)));
    } finally {
      await pgdb.drop();
    }
  } else if (only !== 'pglite') console.log('PostgreSQL not reachable: its rows are left out');
  console.log(`\nMixed reads, ${connections} connections, ${seconds} s per database (${os.cpus().length} cores; client and server share them). Latency in ms; req/s counts 200 answers.\n`);
  console.log(table(['database', 'route', 'req/s', 'p50', 'p99', 'max', 'answers'], rows));
}

if (process.argv.includes('--serve')) void serve();
else
  void main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
