#!/usr/bin/env node
// `npm run bench [-- name ...]`: every benchmark, each printing its table. Names: login, and the
// server's bench:* scripts (signin, vault, match, trec-pm, geo, ...).
import fs from 'node:fs';
import path from 'node:path';
import { build, install, log, root, run } from './lib.mjs';
import { pnpm } from './pnpm.mjs';

const wanted = process.argv.slice(2);
const serverScripts = Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'server', 'package.json'), 'utf8')).scripts)
  .filter((s) => s.startsWith('bench:'))
  .map((s) => s.slice('bench:'.length));
const all = ['login', ...serverScripts];
const selected = wanted.length ? all.filter((b) => wanted.includes(b)) : all;

install();
build();
process.env.BENCH_SERVER = 'dist'; // server benchmarks start the build just made (bench:vault)
let failed = 0;
for (const name of selected) {
  log(`Benchmark: ${name}`);
  const ok = name === 'login' ? run(process.execPath, [path.join(root, 'e2e', 'bench', 'login-load.mjs')], { cwd: path.join(root, 'e2e') }) : pnpm(['--filter', '@oncodesk/server', 'run', `bench:${name}`], { allowFailure: true }) === 0;
  if (!ok) failed++;
}
process.exit(failed ? 1 : 0);
