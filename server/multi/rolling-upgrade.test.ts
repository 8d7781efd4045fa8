/**
 * A rolling upgrade (issue 24): release N−1 and release N on one PostgreSQL database while N migrates it.
 * Release N−1 is the server at PREVIOUS_RELEASE (git archive of server/ and shared/ at that commit),
 * release N this work tree; both are compiled with swc into a temporary folder and run as production
 * processes (dist/main.js) on the workspace's node_modules. N−1 starts on a fresh database and migrates it;
 * N starts on the same database and migrates it to its own migrations while N−1 keeps signing users in;
 * then accounts made on either release sign in through both, and a session from either is accepted by the
 * other. Release N−1 must keep working on the database N migrated (README, "Upgrades without downtime").
 *
 * Run by `npm test` after the production build when PostgreSQL is reachable (as in CI):
 *   cd server && npx jest -c jest.multi.config.js rolling-upgrade
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

/** The commit before the expand/contract migrations (the last release without them). */
const PREVIOUS_RELEASE = process.env.PREVIOUS_RELEASE ?? '9828a5f';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const serverDir = path.resolve(__dirname, '..');
const repoRoot = path.resolve(serverDir, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-rolling-'));
const dbName = `oncodesk_rolling_${crypto.randomBytes(4).toString('hex')}`;
const swc = path.join(serverDir, 'node_modules', '.bin', 'swc');

jest.setTimeout(180_000);

function sh(command: string, args: string[], cwd: string) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
}

/**
 * A runnable release under `dir` (server/ and shared/ with their sources there): both compiled as the
 * production build does, and node_modules links to the workspace's packages, but @oncodesk/shared,
 * which is the release's own.
 */
function buildRelease(dir: string) {
  sh(swc, ['src', '-d', 'dist', '--strip-leading-paths', '-C', 'module.type=commonjs', '--quiet'], path.join(dir, 'shared'));
  sh(swc, ['src', '-d', 'dist', '--strip-leading-paths', '--quiet'], path.join(dir, 'server'));
  const modules = path.join(dir, 'server', 'node_modules');
  fs.mkdirSync(path.join(modules, '@oncodesk'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(serverDir, 'node_modules'))) {
    if (entry !== '@oncodesk') fs.symlinkSync(path.join(serverDir, 'node_modules', entry), path.join(modules, entry));
  }
  fs.symlinkSync(path.join(dir, 'shared'), path.join(modules, '@oncodesk', 'shared'));
  fs.symlinkSync(path.join(repoRoot, 'shared', 'node_modules'), path.join(dir, 'shared', 'node_modules'));
}

function previousRelease(): string {
  const dir = path.join(work, 'previous');
  fs.mkdirSync(dir);
  const archive = spawnSync('git', ['archive', PREVIOUS_RELEASE, 'server/src', 'server/guidelines', 'server/.swcrc', 'server/package.json', 'shared/src', 'shared/.swcrc', 'shared/package.json'], { cwd: repoRoot, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${PREVIOUS_RELEASE} failed: ${archive.stderr}`);
  const tar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
  buildRelease(dir);
  return dir;
}

function currentRelease(): string {
  const dir = path.join(work, 'current');
  for (const pkg of ['server', 'shared']) {
    fs.mkdirSync(path.join(dir, pkg), { recursive: true });
    for (const file of ['src', '.swcrc', 'package.json']) fs.cpSync(path.join(repoRoot, pkg, file), path.join(dir, pkg, file), { recursive: true });
  }
  fs.symlinkSync(path.join(serverDir, 'guidelines'), path.join(dir, 'server', 'guidelines'));
  buildRelease(dir);
  return dir;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Release {
  name: string;
  url: string;
  child: ChildProcess;
  log: string[];
}
const running: Release[] = [];

async function start(name: string, dir: string, env: NodeJS.ProcessEnv): Promise<Release> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dir, 'server', 'dist', 'main.js')], {
    env: { ...env, PORT: String(port), DATA_DIR: path.join(work, `data-${name}`) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const release: Release = { name, url: `http://127.0.0.1:${port}`, child, log: [] };
  child.stdout!.on('data', (d) => release.log.push(String(d)));
  child.stderr!.on('data', (d) => release.log.push(String(d)));
  running.push(release);
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${release.url}/health`)).ok) return release;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`release ${name} did not start:\n${release.log.join('').slice(-4000)}`);
}

async function call(release: Release, method: string, url: string, body?: unknown, token?: string) {
  const r = await fetch(`${release.url}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as { jwt?: string; email?: string; code?: string }) : null };
}

const password = 'Rolling-upgrade-1';
const signUp = (release: Release, email: string) => call(release, 'POST', '/api/auth/signup', { email, password });
const signIn = (release: Release, email: string) => call(release, 'POST', '/api/auth/signin', { email, password });

let env: NodeJS.ProcessEnv;
let previousDir: string;
let currentDir: string;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  previousDir = previousRelease();
  currentDir = currentRelease();
  const shared = path.join(work, 'shared-data');
  fs.mkdirSync(path.join(shared, 'trials', 'ctgov-v2'), { recursive: true });
  env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    // every instance of either release signs and checks tokens with the same secret
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    SHARED_DATA_DIR: shared,
    DEMO_ACCOUNT: 'false',
    LOG_LEVEL: 'warn',
    // this test is about migrations, not load: a busy CI machine must not shed its calls
    LOAD_SHED: 'false',
    // no trial sync from outside during the test
    TRIALS_SYNC_URL: 'http://127.0.0.1:9/api/v2/studies',
    AUTH_RATE_LIMIT_IP_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_ACCOUNT_PER_15MIN: '1000000',
    ARGON2_MEMORY_KIB: '4096',
    ARGON2_PASSES: '1',
  };
}, 120_000);

afterAll(async () => {
  for (const r of running) r.child.kill('SIGTERM');
  await Promise.all(running.map((r) => (r.child.exitCode === null ? new Promise((done) => r.child.once('exit', done)) : null)));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

it(`release N−1 (${PREVIOUS_RELEASE}) keeps signing users in while release N migrates the database, and both accept each other's sessions`, async () => {
  let t = Date.now();
  const previous = await start('previous', previousDir, env);
  const previousStartMs = Date.now() - t;
  const early = `early.${Date.now()}@example.org`;
  expect((await signUp(previous, early)).status).toBe(201);
  expect((await signIn(previous, early)).status).toBe(200);
  const pg1 = new pg.Client({ connectionString: env.DATABASE_URL });
  await pg1.connect();
  const migrated = async () => (await pg1.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name);
  const before = await migrated();

  // N starts (and migrates) while N−1 is signing a user in, again and again
  const during: number[] = [];
  let starting = true;
  const signingIn = (async () => {
    while (starting) {
      during.push((await signIn(previous, early)).status);
      // a pause between sign-ins: enough samples across N's start and migration, without starving it of CPU
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  let current: Release;
  t = Date.now();
  try {
    current = await start('current', currentDir, env);
  } finally {
    starting = false;
    await signingIn;
  }
  const currentStartMs = Date.now() - t;
  const after = await migrated();
  await pg1.end();
  expect(after.length).toBeGreaterThan(before.length);
  expect(after).toEqual(expect.arrayContaining(before));
  expect(during.length).toBeGreaterThan(0);
  // on a failure, what release N−1 logged (its error) is in the message
  expect({ refused: during.filter((s) => s !== 200), log: during.some((s) => s !== 200) ? previous.log.join('').slice(-6000) : '' }).toEqual({ refused: [], log: '' });

  // accounts of either release sign in through both; a session of either is accepted by the other
  const late = `late.${Date.now()}@example.org`;
  expect((await signUp(current, late)).status).toBe(201);
  for (const release of [previous, current]) {
    for (const email of [early, late]) {
      const r = await signIn(release, email);
      expect({ release: release.name, email, status: r.status }).toEqual({ release: release.name, email, status: 200 });
      for (const other of [previous, current]) {
        const me = await call(other, 'GET', '/api/user', undefined, r.body!.jwt);
        expect({ issuedBy: release.name, readBy: other.name, status: me.status, email: me.body?.email }).toEqual({ issuedBy: release.name, readBy: other.name, status: 200, email });
      }
    }
  }
  // a wrong password is still counted (and refused) by N−1 on the migrated database
  const wrong = await call(previous, 'POST', '/api/auth/signin', { email: late, password: 'Wrong-password-1' });
  expect(wrong.status).toBe(401);
  console.log(`rolling upgrade: migrations ${before.length} -> ${after.length}; ${during.length} sign-ins through N−1 while N started and migrated, all 200; started in ${previousStartMs} ms (N−1, fresh database) and ${currentStartMs} ms (N, migrating)`);
});
