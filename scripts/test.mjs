#!/usr/bin/env node
// `npm test`: install, lint and format check, type-check, unit and component tests, server tests on PGlite and
// (when reachable, or required with REQUIRE_POSTGRES=1) on PostgreSQL, the production build, the browser tests
// in Debian's Chromium (installed here when missing) and the multi-instance test. Ends with one
// "N passed, N failed" line.
//
// The machines are 2 cores: after the install, two lanes run side by side, so that one lane's waits (a browser
// test waiting on the page, a test waiting on a timer, webpack's single-threaded phases) leave the core to the
// other. The multi-instance test, which loads both cores by itself and kills a server on a schedule, runs alone
// at the end. Each step's output is printed whole when it ends, with its wall and CPU time.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apps, install, log, root, run } from './lib.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const timings = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-test-'));
const started = Date.now();

function count(file) {
  if (!fs.existsSync(file)) return false;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    results.passed += report.numPassedTests;
    results.failed += report.numFailedTests;
    results.skipped += report.numPendingTests;
  } else if (report.stats) {
    results.passed += report.stats.expected + (report.stats.flaky ?? 0);
    results.failed += report.stats.unexpected;
    results.skipped += report.stats.skipped;
  }
  return true;
}

const slug = (name) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** Runs one command of a step with its output to the step's log; resolves to its exit status and CPU seconds. */
function exec(command, args, { cwd = root, env = {}, logFile }) {
  const cpuFile = path.join(reportDir, `${path.basename(logFile)}.${Math.random().toString(36).slice(2)}.cpu`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'cpu-time.mjs'), command, ...args], {
    cwd,
    stdio: ['ignore', out, out],
    env: { ...process.env, FORCE_COLOR: '0', ...env, CPU_TIME_FILE: cpuFile },
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      const cpu = fs.existsSync(cpuFile) ? Number(fs.readFileSync(cpuFile, 'utf8')) : null;
      resolve({ ok: code === 0, cpu });
    });
  });
}

/** A package's local binary (node_modules/.bin), run in that package. */
const binPath = (pkg, name) => path.join(root, pkg, 'node_modules', '.bin', name);

/**
 * A step: one or more commands run one after the other (all of them, even after a failure), output kept in a log
 * printed when the step ends. `reports`: test-report files counted into the closing line.
 */
async function step(name, commands, reports = []) {
  const logFile = path.join(reportDir, `${slug(name)}.log`);
  fs.writeFileSync(logFile, '');
  const t0 = Date.now();
  let ok = true;
  let cpu = 0;
  for (const [command, args, options = {}] of commands) {
    const r = await exec(command, args, { ...options, logFile });
    ok &&= r.ok;
    cpu = cpu === null || r.cpu === null ? null : cpu + r.cpu;
  }
  const wall = (Date.now() - t0) / 1000;
  for (const report of reports) count(report);
  if (!ok) failures.push(name);
  timings.push({ name, wall, cpu, ok });
  log(`${name}: ${ok ? 'ok' : 'FAILED'} (${wall.toFixed(0)} s${cpu === null ? '' : `, CPU ${cpu.toFixed(0)} s`})`);
  process.stdout.write(fs.readFileSync(logFile, 'utf8'));
  return ok;
}

/** A jest run of one package as a step; `args` choose files or configs. */
function jest(pkg, name, { env = {}, args = [] } = {}) {
  const out = path.join(reportDir, `${slug(name)}.json`);
  return step(
    `Tests: ${name}`,
    [[binPath(pkg, 'jest'), ['--ci', '--maxWorkers=2', '--json', `--outputFile=${out}`, ...args], { cwd: path.join(root, pkg), env }]],
    [out],
  );
}

async function postgresReachable(url) {
  const { createRequire } = await import('node:module');
  const pg = createRequire(path.join(root, 'server', 'package.json'))('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return true;
  log("Installing Debian's Chromium for the browser tests");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  return apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'chromium', 'fonts-liberation']);
}

/**
 * The server test files whose outcome depends on the database: those that use test/support/app.ts (which opens
 * PGlite or, with TEST_DB=postgres, PostgreSQL), directly or through other helpers, and those that read the
 * database settings themselves. Only these run a second time on PostgreSQL; the rest (parsers, the matcher, the
 * vocabularies, ...) would run the very same code twice. A file that starts a server only to reach what it checks
 * through the API, and checks nothing the database decides, says so with "@database-independent" and is left out.
 */
function databaseDependentServerTests() {
  const testDir = path.join(root, 'server', 'test');
  const files = fs
    .readdirSync(testDir, { recursive: true })
    .map(String)
    .filter((f) => /\.test\.tsx?$/.test(f));
  const read = (f) => fs.readFileSync(path.join(testDir, f), 'utf8');
  const own = files.filter((f) => /TEST_DB|TEST_DATABASE_URL/.test(read(f))).map((f) => path.join('test', f));
  const independent = files.filter((f) => read(f).includes('@database-independent')).map((f) => `/test/${f.replace(/[.]/g, '\\.')}$`);
  return ['--findRelatedTests', path.join('test', 'support', 'app.ts'), ...own, ...(independent.length ? ['--testPathIgnorePatterns', ...independent] : [])];
}

install();
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const withPostgres = await postgresReachable(pgUrl);
if (!withPostgres && process.env.REQUIRE_POSTGRES === '1') failures.push('PostgreSQL required (REQUIRE_POSTGRES=1) but not reachable at TEST_DATABASE_URL');
const chromium = ensureChromium();
if (!chromium) failures.push("Chromium available (Debian's chromium package)");

// Lane 1: static checks, then the unit and component suites, then the server suite on PGlite (every file), then
// floating steps (the database-dependent server files on PostgreSQL, the browser tests' second part).
async function checksAndUnitTests() {
  // Biome: lint everywhere, format check on every file but the baseline listed in biome.jsonc; the files git
  // tracks when this is a checkout (a scratch file of one's own is not the project's).
  const tracked = fs.existsSync(path.join(root, '.git'))
    ? spawnSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.js', '*.cjs', '*.mjs'], { cwd: root, encoding: 'utf8' })
        .stdout.split('\0')
        .filter((f) => f && fs.existsSync(path.join(root, f)))
    : ['.'];
  await step('Lint and format (Biome)', [[binPath('shared', 'biome'), ['check', '--diagnostic-level=error', '--no-errors-on-unmatched', ...tracked]]]);
  // TypeScript 7: the browser packages (shared, host, remotes: the same options) as one program, so shared's
  // sources are checked once, then the server and the browser tests.
  await step('Type-check (tsc --noEmit, TypeScript 7)', [
    [binPath('host', 'tsc'), ['--noEmit', '-p', 'tsconfig.web.json']],
    [binPath('server', 'tsc'), ['--noEmit', '-p', '.'], { cwd: path.join(root, 'server') }],
    [binPath('e2e', 'tsc'), ['--noEmit', '-p', '.'], { cwd: path.join(root, 'e2e') }],
  ]);
  for (const pkg of ['shared', ...apps]) {
    if (fs.readdirSync(path.join(root, pkg), { recursive: true }).some((f) => /\.test\.tsx?$/.test(String(f)) && !String(f).includes('node_modules'))) {
      await jest(pkg, pkg);
    }
  }
  await jest('server', 'server (PGlite)');
  if (!withPostgres && process.env.REQUIRE_POSTGRES !== '1') {
    console.log('\nPostgreSQL not reachable: server tests ran on PGlite only (set TEST_DATABASE_URL or start PostgreSQL).');
  }
  await floatingSteps();
}

/**
 * Steps either lane may run, taken in this order by whichever lane is free first: each lane, when its own steps are
 * done, takes the next one left until none is. Which lane ends first changes with the machine and with every
 * speed-up (stop-37 CI: lane 1 at 29 min, the browser tests at 42; session 15's first run: the browser tests' first
 * part at 24 min, the server suite on PGlite at 25), so neither is fixed to a lane.
 */
const floating = [
  async () => {
    if (withPostgres)
      await jest('server', 'server (PostgreSQL, database-dependent files)', {
        env: { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl },
        args: databaseDependentServerTests(),
      });
  },
  async () => {
    await lane2Built;
    if (built && chromium) await browserTests(2);
  },
];
async function floatingSteps() {
  for (let next = floating.shift(); next; next = floating.shift()) await next();
}

/**
 * The browser tests run in two parts, each a Playwright run with a stack of its own (app server, database, mail
 * and identity provider, embedding page) on ports of its own: part 1 in lane 2 after the build, part 2 as a floating
 * step. With one part, the browser tests were the only thing left for the run's last 13 minutes (stop-37 CI,
 * 2026-11-29: lane 1 done at 29 min, the browser tests at 42 min, using under one core). Part 2 holds spec files that
 * share nothing with the others; about a sixth of the browser tests' time.
 */
const BROWSER_PART_2 = [
  'vault.spec.ts',
  'vault-resume.spec.ts',
  'security-headers.spec.ts',
  'chat.spec.ts',
  'embed.spec.ts',
  'reports.spec.ts',
  'reports-vendor.spec.ts',
  'survey-inputs.spec.ts',
];

function browserSpecFiles(part) {
  const all = fs.readdirSync(path.join(root, 'e2e', 'tests')).filter((f) => f.endsWith('.spec.ts'));
  return all.filter((f) => BROWSER_PART_2.includes(f) === (part === 2)).map((f) => `tests/${f}`);
}

/** One part of the browser tests; part 2 on ports 10 above part 1's, its own run folder and database. */
function browserTests(part) {
  const out = path.join(reportDir, `e2e-${part}.json`);
  const e2eDir = path.join(root, 'e2e');
  const env =
    part === 1
      ? { PLAYWRIGHT_JSON_OUTPUT_NAME: out }
      : {
          PLAYWRIGHT_JSON_OUTPUT_NAME: out,
          E2E_APP_PORT: '18090',
          E2E_SMTP_PORT: '18035',
          E2E_EMBED_PORT: '18091',
          E2E_OIDC_PORT: '18092',
          E2E_RUN_DIR: path.join(e2eDir, 'test-results', 'run-2'),
          // a database of its own: two servers on one database share its job queue, but not their files
          E2E_DATABASE_URL: process.env.E2E_DATABASE_URL_2 ?? '',
        };
  return step(
    `Browser tests (Playwright, Chromium), part ${part}`,
    [
      [
        binPath('e2e', 'playwright'),
        ['test', '--reporter=list,json', '--output', path.join(e2eDir, 'test-results', `artifacts-${part}`), ...browserSpecFiles(part)],
        { cwd: e2eDir, env },
      ],
    ],
    [out],
  );
}

// Lane 2: the production build and the browser tests against it (part 1).
let built = false;
let builtSignal;
const lane2Built = new Promise((resolve) => {
  builtSignal = resolve;
});
async function buildAndSystemTests() {
  built = await step('Production build of every app', [[process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--no-install']]]);
  builtSignal();
  if (built && chromium) await browserTests(1);
  await floatingSteps();
}

await Promise.all([checksAndUnitTests(), buildAndSystemTests()]);

// Alone: two production server processes behind HAProxy on one PostgreSQL and one S3 store, one killed under load.
if (built && withPostgres)
  await jest('server', 'multi-instance (HAProxy, PostgreSQL, S3)', { env: { TEST_DATABASE_URL: pgUrl }, args: ['-c', 'jest.multi.config.js'] });

const self = (() => {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
})();
console.log('\nStep times (wall, CPU; two lanes run side by side):');
for (const t of timings)
  console.log(`  ${t.ok ? ' ' : '✗'} ${t.name.padEnd(58)} ${t.wall.toFixed(0).padStart(5)} s ${t.cpu === null ? '' : `${t.cpu.toFixed(0).padStart(6)} s CPU`}`);
console.log(
  `  Total (with the install): ${((Date.now() - started) / 1000).toFixed(0)} s wall${self === null ? '' : `, ${self.toFixed(0)} s CPU`} on ${os.cpus().length} cores`,
);
console.log('');
if (failures.length) console.log(`Failed steps:\n  - ${failures.join('\n  - ')}`);
console.log(`${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(failures.length || results.failed ? 1 : 0);
