/**
 * The server under abuse, as issue 24's probe loaded it, on loopback (127.0.0.1 only), one run:
 *   1. 64 connections that send headers and one byte of a JSON body and then nothing, while other users
 *      read: are those reads served, and when is each slow connection cut (and with what)?
 *   2. 20 connections repeating the trial search (POST /api/trials/find-match, 20 users) while other users
 *      read (GET /api/patients, GET /api/trials/:id) and a balancer polls /health/live and /health/ready:
 *      p99 of the unrelated reads (target < 500 ms) and of liveness (target < 100 ms);
 *   3. 200 connections on GET /api/patients, then 200 on the search: the share shed (503) and the p99 of
 *      what is served, with the health probes' latency meanwhile (the README's HAProxy check is set from it).
 * Scenario 2 also runs with PGlite on the event loop (2d, PGlite only), matching on the event loop (2c), and so with load shedding off (2b), for the figures before them. Every loop ends by itself after
 * BENCH_SECONDS (15) per scenario.
 *
 *   npm run bench:load          (PGlite; BENCH_LOAD_DATABASE_URL=postgres://... for PostgreSQL)
 *
 * The server runs in a child process (this file with --serve) on the whole shared trial set (imported once,
 * then read back from its database by the second server), so the load generator does not share its event
 * loop; both share the machine's cores.
 */
import os from 'node:os';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import http from 'node:http';
import { fork } from 'node:child_process';
import { percentile, table } from './lib';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const HOST = '127.0.0.1';

interface Ready {
  port: number;
  users: Array<{ token: string; patientId: string }>;
  trialId: string;
  trials: number;
  database: string;
}

async function serve() {
  // the V8 settings main.ts applies before the server loads (runtime/v8Tuning.ts)
  await import('../src/runtime/v8Tuning');
  const { loadConfig } = await import('../src/config/env');
  const { buildApp } = await import('../src/app');
  const { importDirectory } = await import('../src/trials/importers');
  const { sharedDataDir } = await import('../src/config/sharedData');
  const dataDir = process.env.LOAD_DATA_DIR!;
  // the scenario's own settings (LOAD_SHED, LOAD_SHED_*, REQUEST_*) pass through
  const passed = Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(LOAD_SHED|REQUEST_|DATABASE_POOL_MAX|TRIALS_MATCH_THREADS|PGLITE_THREAD)/.test(k)));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_ACCOUNT: 'false',
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    AUTH_RATE_LIMIT_IP_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_ACCOUNT_PER_15MIN: '100000000',
    ...(process.env.LOAD_DATABASE_URL ? { DATABASE_URL: process.env.LOAD_DATABASE_URL } : {}),
    ...passed,
  } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, serveWeb: false, logger: false });
  await app.listen({ port: 0, host: HOST });
  const port = (app.server.address() as { port: number }).port;
  const store = (app as unknown as { trialStore: { loading: Promise<number> | null; engine: { size: number; index: { entries: Array<{ trial: { id: string } }> } }; save(t: unknown[]): Promise<void> } }).trialStore;
  await store.loading;
  // the first server imports the whole shared trial set (as a first start does); the next one reads it back
  if (store.engine.size < 100) await store.save(importDirectory(path.join(sharedDataDir(), 'trials')).trials);
  // seeding may itself be shed while the process warms up: each call is repeated until it is answered
  const call = async (method: 'POST' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) => {
    for (;;) {
      const res = await app.inject({ method, url, payload, headers });
      if (res.statusCode !== 503) return res;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const users: Ready['users'] = [];
  for (let u = 0; u < USERS; u++) {
    const credentials = { email: `load${u}@example.org`, password: 'Load-2026!' };
    let res = await call('POST', '/api/auth/signup', credentials);
    const fresh = res.statusCode === 201;
    if (!fresh) res = await call('POST', '/api/auth/signin', credentials);
    const { jwt, user } = res.json() as { jwt: string; user: { id: string } };
    const auth = { authorization: `Bearer ${jwt}` };
    if (fresh) {
      await app.database.db.updateTable('users').set({ email_verified: true }).where('id', '=', user.id).execute();
      for (let p = 0; p < 5; p++) await call('POST', '/api/patients', { name: `Patient ${p}`, focusArea: 'breast' }, auth);
      const folder = (await call('POST', '/api/patients', { name: 'Mario R.', focusArea: 'lung' }, auth)).json().id as string;
      const answers: Array<[string, unknown]> = [
        ['diagnosis.lung', 'LUAD'], ['age', 64], ['gender', 'male'], ['ecog', '1'], ['stage.lung', 'IVA'], ['metastatic', 'yes'], ['metastasis_sites', ['bone']], ['alterations', ['EGFR L858R']],
      ];
      for (const [questionId, value] of answers) await call('POST', '/api/survey/answer', { patientId: folder, focusArea: 'lung', questionId, value }, auth);
    }
    const patients = (await call('GET', '/api/patients', undefined, auth)).json().patients as Array<{ id: string; name: string }>;
    const patientId = patients.find((p) => p.name === 'Mario R.')!.id;
    // the first search buys the folder's pass for the day: the repeated ones below are free
    const first = await call('POST', '/api/trials/find-match', { patientId, location: { scope: 'global' } }, auth);
    if (first.statusCode !== 200) throw new Error(`search: ${first.statusCode} ${first.body}`);
    users.push({ token: jwt, patientId });
  }
  process.send?.({ port, users, trialId: store.engine.index.entries[0].trial.id, trials: store.engine.size, database: app.database.kind } satisfies Ready);
  process.on('message', async () => {
    await app.close();
    process.exit(0);
  });
}

/** Answers of one kind of call: latency (ms) and status counts (-1: the connection failed). */
class Calls {
  latencies: number[] = [];
  served: number[] = [];
  status = new Map<number, number>();
  /** The event-loop delay the server reports in its readiness answers (/health/ready eventLoopDelayMs), ms. */
  loopDelays: number[] = [];
  add(ms: number, status: number) {
    this.latencies.push(ms);
    if (status >= 200 && status < 300) this.served.push(ms);
    this.status.set(status, (this.status.get(status) ?? 0) + 1);
  }
  get total() {
    return this.latencies.length;
  }
  count(status: number) {
    return this.status.get(status) ?? 0;
  }
  /** Percentile of the served (2xx) answers. */
  p(q: number) {
    return Math.round(percentile([...this.served].sort((a, b) => a - b), q));
  }
  pAll(q: number) {
    return Math.round(percentile([...this.latencies].sort((a, b) => a - b), q));
  }
  statuses() {
    return [...this.status].sort((a, b) => a[0] - b[0]).map(([code, n]) => `${code === -1 ? 'failed' : code}: ${n}`).join(', ');
  }
}

interface Target {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: object;
}

/** The status, and for a readiness probe the event-loop delay its body reports. */
function request(port: number, agent: http.Agent, t: Target): Promise<{ status: number; loopDelayMs?: number }> {
  return new Promise((resolve) => {
    const payload = t.body ? JSON.stringify(t.body) : undefined;
    const headers: Record<string, string> = { ...(t.token ? { authorization: `Bearer ${t.token}` } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) };
    const req = http.request({ host: HOST, port, path: t.path, method: t.method, agent, headers }, (res) => {
      if (t.path !== '/health/ready') {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        let loopDelayMs: number | undefined;
        try {
          loopDelayMs = (JSON.parse(body) as { eventLoopDelayMs?: number }).eventLoopDelayMs;
        } catch {}
        resolve({ status: res.statusCode ?? 0, loopDelayMs });
      });
    });
    req.on('error', () => resolve({ status: -1 }));
    req.end(payload);
  });
}

/**
 * Each target is one connection repeating its call until `seconds` have passed (a shed call waits as the
 * server asks, Retry-After, before the next one); `pollers` call every `everyMs` instead (a balancer's probes).
 */
async function drive(port: number, seconds: number, loops: Target[], pollers: Array<Target & { everyMs: number }> = []): Promise<Map<string, Calls>> {
  const calls = new Map<string, Calls>();
  const of = (label: string) => calls.get(label) ?? calls.set(label, new Calls()).get(label)!;
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops.length + pollers.length + 4 });
  const end = Date.now() + seconds * 1000;
  const timed = async (t: Target) => {
    const t0 = performance.now();
    const { status, loopDelayMs } = await request(port, agent, t);
    of(t.label).add(performance.now() - t0, status);
    if (loopDelayMs !== undefined) of(t.label).loopDelays.push(loopDelayMs);
    return status;
  };
  await Promise.all([
    ...loops.map(async (t) => {
      while (Date.now() < end) if ((await timed(t)) === 503) await new Promise((r) => setTimeout(r, 1000));
    }),
    ...pollers.map(async (t) => {
      while (Date.now() < end) {
        await timed(t);
        await new Promise((r) => setTimeout(r, t.everyMs));
      }
    }),
  ]);
  agent.destroy();
  return calls;
}

const probes = (): Array<Target & { everyMs: number }> => [
  { label: 'GET /health/live (probe)', method: 'GET', path: '/health/live', everyMs: 100 },
  { label: 'GET /health/ready (probe)', method: 'GET', path: '/health/ready', everyMs: 250 },
  { label: 'GET /health (probe)', method: 'GET', path: '/health', everyMs: 250 },
];

/** 64 connections that send headers and one byte of their body, then nothing; others read meanwhile. */
async function slowBodies(port: number, ready: Ready) {
  const opened = Date.now();
  const slow = await Promise.all(
    Array.from(
      { length: 64 },
      () =>
        new Promise<{ closedAfter: Promise<number>; answer: () => string }>((resolve) => {
          const socket = net.connect(port, HOST, () => {
            socket.write(`POST /api/auth/signin HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`);
            resolve({ closedAfter, answer: () => answer });
          });
          let answer = '';
          socket.on('data', (d) => (answer += d.toString()));
          socket.on('error', () => undefined);
          const closedAfter = new Promise<number>((r) => socket.on('close', () => r(Date.now() - opened)));
          // never held past a minute, whatever the server does
          setTimeout(() => socket.destroy(), 60_000).unref();
        }),
    ),
  );
  // while all 64 are held (cut only after REQUEST_BODY_IDLE_SECONDS, 10 s by default): other users read
  const readers: Target[] = ready.users.slice(0, 8).map((u) => ({ label: 'GET /api/patients (other users)', method: 'GET', path: '/api/patients', token: u.token }));
  const calls = await drive(port, Math.min(SECONDS, 8), readers, probes().slice(0, 2));
  const cut = (await Promise.all(slow.map((s) => s.closedAfter))).sort((a, b) => a - b);
  const answers = new Map<string, number>();
  for (const s of slow) {
    const code = /"code":"([a-z_]+)"/.exec(s.answer())?.[1];
    const key = `${/^HTTP\/1\.1 (\d+)/.exec(s.answer())?.[1] ?? 'none'}${code ? ` ${code}` : ''}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
  }
  return { calls, cut, answers };
}

async function start(label: string, env: Record<string, string>, dataDir: string) {
  const child = fork(__filename, ['--serve'], { execArgv: process.execArgv, stdio: 'inherit', env: { ...process.env, ...env, LOAD_DATA_DIR: dataDir } });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server (${label}) exited with ${code}`)));
  });
  return {
    ready,
    stop: async () => {
      child.removeAllListeners('exit');
      child.send('stop');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const searchOf = (u: Ready['users'][number], label = 'POST /api/trials/find-match'): Target => ({
  label,
  method: 'POST',
  path: '/api/trials/find-match',
  token: u.token,
  body: { patientId: u.patientId, location: { scope: 'global' } },
});

/** 20 searching connections (users 0-19), unrelated reads by users 20-27, and the probes. */
function searching(port: number, ready: Ready) {
  const searches = ready.users.slice(0, 20).map((u) => searchOf(u));
  const reads: Target[] = ready.users.slice(20, 28).flatMap((u, i) => [
    { label: 'unrelated reads (GET /api/patients, /api/trials/:id)', method: 'GET' as const, path: i % 2 ? '/api/patients' : `/api/trials/${ready.trialId}`, token: u.token },
  ]);
  return drive(port, SECONDS, [...searches, ...reads], probes());
}

function rows(scenario: string, calls: Map<string, Calls>, seconds: number) {
  return [...calls].flatMap(([label, c]) => {
    const row = [scenario, label, c.total, Math.round(c.served.length / seconds), c.total ? `${((100 * c.count(503)) / c.total).toFixed(1)} %` : '', c.p(50), c.p(99), Math.round(Math.max(0, ...c.served)), c.statuses()];
    if (!c.loopDelays.length) return [row];
    // the server's own event-loop delay (its mean over the last 250 ms, as its readiness answers give it)
    const d = [...c.loopDelays].sort((a, b) => a - b);
    return [row, [scenario, "the server's event-loop delay (readiness answers)", d.length, '', '', Math.round(percentile(d, 50)), Math.round(percentile(d, 99)), Math.round(d[d.length - 1]), 'ms, as reported']];
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-load-'));
  const database: Record<string, string> = process.env.BENCH_LOAD_DATABASE_URL ? { LOAD_DATABASE_URL: process.env.BENCH_LOAD_DATABASE_URL } : {};
  const out: Array<Array<string | number>> = [];
  const headers = ['scenario · calls', 'answered', 'served/s', 'shed (503)', 'p50 ms', 'p99 ms', 'max ms', 'answers'];
  let info = '';
  try {
    // the server as configured by default
    const on = await start('default', { ...database }, dataDir);
    info = `${on.ready.trials} trials, ${on.ready.database}`;
    try {
      const slow = await slowBodies(on.ready.port, on.ready);
      out.push(...rows('1. 64 slow-body connections held', slow.calls, Math.min(SECONDS, 8)));
      out.push([
        '1. 64 slow-body connections held',
        'the 64 slow connections',
        64,
        '',
        '',
        `cut after ${(percentile(slow.cut, 50) / 1000).toFixed(1)} s`,
        `${(percentile(slow.cut, 99) / 1000).toFixed(1)} s`,
        `${(Math.max(...slow.cut) / 1000).toFixed(1)} s`,
        [...slow.answers].map(([k, n]) => `${k}: ${n}`).join(', '),
      ]);
      out.push(...rows('2. 20 searching connections', await searching(on.ready.port, on.ready), SECONDS));
      const readers = Array.from({ length: 200 }, (_, i): Target => ({ label: 'GET /api/patients', method: 'GET', path: '/api/patients', token: on.ready.users[i % USERS].token }));
      out.push(...rows('3. 200 connections on GET /api/patients', await drive(on.ready.port, SECONDS, readers, probes()), SECONDS));
      const searchers = Array.from({ length: 200 }, (_, i) => searchOf(on.ready.users[i % USERS]));
      out.push(...rows('4. 200 connections on the search', await drive(on.ready.port, SECONDS, searchers, probes()), SECONDS));
    } finally {
      await on.stop();
    }
    // before the database thread (PGlite only): the same search load with PGlite on the event loop
    if (!database.LOAD_DATABASE_URL) {
      const inProcess = await start('PGlite on the event loop', { ...database, PGLITE_THREAD: 'false' }, dataDir);
      try {
        out.push(...rows('2d. 20 searching connections, PGLITE_THREAD=false', await searching(inProcess.ready.port, inProcess.ready), SECONDS));
      } finally {
        await inProcess.stop();
      }
    }
    // before the match threads: the same search load matching on the event loop (in slices)
    const inline = await start('matching on the event loop', { ...database, TRIALS_MATCH_THREADS: '0' }, dataDir);
    try {
      out.push(...rows('2c. 20 searching connections, TRIALS_MATCH_THREADS=0', await searching(inline.ready.port, inline.ready), SECONDS));
    } finally {
      await inline.stop();
    }
    // before shedding: the same search load with shedding (and so the search line) off
    const off = await start('shedding off', { ...database, LOAD_SHED: 'false', TRIALS_MATCH_THREADS: '0' }, dataDir);
    try {
      out.push(...rows('2b. 20 searching connections, LOAD_SHED=false, TRIALS_MATCH_THREADS=0', await searching(off.ready.port, off.ready), SECONDS));
    } finally {
      await off.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const [load1] = os.loadavg();
  console.log(`\nLoad on loopback, ${SECONDS} s per scenario (slow bodies: 8 s of reads), ${info}; ${os.cpus().length} cores shared by client and server (load average ${load1.toFixed(1)} at the end).`);
  console.log('Latency of the answers served (2xx) in ms; "shed" is the share of calls answered 503 server_busy; a shed call waits 1 s (Retry-After) before its connection calls again.\n');
  console.log(table(headers, out.map((r) => [`${r[0]} · ${r[1]}`, ...r.slice(2)])));
}

if (process.argv.includes('--serve')) void serve();
else
  void main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
