#!/usr/bin/env node
// `npm test`: install, type-check, unit and component tests, server tests on PGlite and (when reachable,
// or required with REQUIRE_POSTGRES=1) on PostgreSQL, the production build, then the browser tests in
// Debian's Chromium (installed here when missing). Ends with one "N passed, N failed" line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apps, bin, build, install, log, packages, root, run } from './lib.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-test-'));

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

function step(name, fn) {
  log(name);
  const ok = fn();
  if (!ok) failures.push(name);
  return ok;
}

function jest(pkg, label, env = {}, args = []) {
  const out = path.join(reportDir, `${label}.json`);
  return step(`Tests: ${label}`, () => {
    const ok = bin(pkg, 'jest', ['--ci', '--maxWorkers=2', '--json', `--outputFile=${out}`, ...args], { env });
    if (!count(out) && ok) results.passed += 0;
    return ok;
  });
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

install();

step('Type-check (tsc --noEmit, TypeScript 7)', () => packages.map((pkg) => bin(pkg, 'tsc', ['--noEmit', '-p', '.'])).every(Boolean));

for (const pkg of ['shared', ...apps]) {
  if (fs.readdirSync(path.join(root, pkg), { recursive: true }).some((f) => /\.test\.tsx?$/.test(String(f)) && !String(f).includes('node_modules'))) {
    jest(pkg, pkg);
  }
}
jest('server', 'server (PGlite)');

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const withPostgres = await postgresReachable(pgUrl);
if (withPostgres) {
  jest('server', 'server (PostgreSQL)', { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl });
} else if (process.env.REQUIRE_POSTGRES === '1') {
  failures.push('PostgreSQL required (REQUIRE_POSTGRES=1) but not reachable at TEST_DATABASE_URL');
} else {
  console.log('\nPostgreSQL not reachable: server tests ran on PGlite only (set TEST_DATABASE_URL or start PostgreSQL).');
}

let built = false;
step('Production build of every app', () => {
  try {
    build();
    built = true;
    return true;
  } catch (error) {
    console.error(error.message);
    return false;
  }
});

// two production server processes behind HAProxy on one PostgreSQL and one S3 store, one killed under load
if (built && withPostgres) jest('server', 'multi-instance (HAProxy, PostgreSQL, S3)', { TEST_DATABASE_URL: pgUrl }, ['-c', 'jest.multi.config.js']);

if (built && step('Chromium available', ensureChromium)) {
  const out = path.join(reportDir, 'e2e.json');
  step('Browser tests (Playwright, Chromium)', () => {
    const ok = bin('e2e', 'playwright', ['test', '--reporter=list,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
    count(out);
    return ok;
  });
}

console.log('');
if (failures.length) console.log(`Failed steps:\n  - ${failures.join('\n  - ')}`);
console.log(`${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(failures.length || results.failed ? 1 : 0);
