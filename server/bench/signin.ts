/**
 * Sign-in throughput: requests per second the server sustains on POST /api/auth/signin with the default
 * argon2id cost, and latency percentiles, measured with autocannon against a real server on loopback.
 *
 *   npm run bench:signin            (BENCH_SECONDS=10 BENCH_CONNECTIONS=16 by default)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:signin   (PostgreSQL instead of PGlite)
 *
 * The server runs in a child process (this file with --serve), so the load generator does not steal
 * its event loop. Rate limits and sign-in delays are raised for the run: they would otherwise answer 429
 * after a few attempts and we would measure the refusal, not sign-in (the counting still happens).
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { table } from './lib';

const EMAIL = 'bench@example.org';
const PASSWORD = 'Bench-2026!';

async function serve() {
  const { loadConfig } = await import('../src/config/env');
  const { buildApp } = await import('../src/app');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_ACCOUNT: 'false',
    LOG_LEVEL: 'silent',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    AUTH_RATE_LIMIT_IP_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_ACCOUNT_PER_15MIN: '100000000',
    // sign-in throughput, not load shedding (bench:load measures that): 16 connections must not be shed
    LOAD_SHED: 'false',
    // every attempt is still counted in the database (the guard's cost is measured), but never delayed
    AUTH_SIGNIN_FREE_FAILURES: '100000000',
    AUTH_SIGNIN_MAX_FAILURES: '1000000000',
  });
  const app = await buildApp({ config, serveWeb: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: EMAIL, password: PASSWORD } });
  if (signup.statusCode !== 201 && signup.statusCode !== 409) throw new Error(`sign-up failed: ${signup.body}`);
  process.send?.({ port, argon2: config.argon2, database: app.database.kind });
  process.on('message', async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const child = fork(__filename, ['--serve'], { execArgv: process.execArgv, stdio: 'inherit' });
  const ready = await new Promise<{ port: number; argon2: { memoryCost: number; timeCost: number }; database: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${ready.port}/api/auth/signin`;
  const scenarios = [
    { name: 'right password', body: { email: EMAIL, password: PASSWORD }, expect: 200 },
    { name: 'wrong password', body: { email: EMAIL, password: 'Wrong-2026!' }, expect: 401 },
    { name: 'unknown account', body: { email: 'nobody@example.org', password: PASSWORD }, expect: 401 },
  ];
  const rows: (string | number)[][] = [];
  for (const s of scenarios) {
    const result = await autocannon({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(s.body),
      connections,
      duration: seconds,
    });
    const expected = s.expect === 200 ? result['2xx'] : result['4xx'];
    rows.push([
      s.name,
      connections,
      result.requests.average,
      result.latency.p50,
      result.latency.p97_5,
      result.latency.p99,
      expected,
      result.non2xx - (s.expect === 200 ? 0 : result['4xx']) + result.errors + result.timeouts,
    ]);
  }
  child.send('stop');
  console.log(
    `\nPOST /api/auth/signin, ${seconds} s per row, argon2id m=${ready.argon2.memoryCost} KiB t=${ready.argon2.timeCost} p=1, ` +
      `${ready.database}, Node ${process.version}, ${os.cpus().length} CPU(s), libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4}\n`,
  );
  console.log(table(['scenario', 'connections', 'req/s (mean)', 'p50 ms', 'p97.5 ms', 'p99 ms', 'expected answers', 'other/errors'], rows));
}

if (process.argv.includes('--serve')) {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
