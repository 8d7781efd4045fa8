/**
 * bench:vocab — what the complete reference vocabularies cost.
 *
 *   node --expose-gc -r ./bench/register.cjs bench/vocab.ts
 *
 * 1. Compile time of the shared trials (importDirectory over <shared data>/trials) with the owned lists
 *    and with the complete vocabularies installed, each in a fresh process.
 * 2. The server's JS heap once the trial knowledge base is ready, on a first start (imports) and a second
 *    start (reloads from the database), without vocabularies to import (a shared folder holding only the
 *    trials) and with them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { table } from './lib';

const mb = (n: number) => Math.round(n / 1048576);
const gc = () => (global as { gc?: () => void }).gc?.();

async function compile(mode: string) {
  const { sharedDataDir } = await import('../src/config/sharedData');
  const { importDirectory, catalogueFile } = await import('../src/trials/importers');
  const { installReferenceVocabularies } = await import('../src/vocab/reference/active');
  const { readReferenceVocabularies } = await import('../src/vocab/reference/readShared');
  let t0 = Date.now();
  if (mode === 'complete') installReferenceVocabularies(readReferenceVocabularies(sharedDataDir()));
  const readMs = Date.now() - t0;
  t0 = Date.now();
  const r = importDirectory(path.join(sharedDataDir(), 'trials'), catalogueFile);
  return { mode, trials: r.trials.length, readMs, compileMs: Date.now() - t0 };
}

async function serve(dataDir: string) {
  const { loadConfig } = await import('../src/config/env');
  const { buildApp } = await import('../src/app');
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_ACCOUNT: 'false', LOG_LEVEL: 'silent' });
  const t0 = Date.now();
  const app = await buildApp({ config, serveWeb: false, logger: false, warmUp: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const trials = await app.trialStore.loading;
  const readyMs = Date.now() - t0;
  gc();
  gc();
  const mem = process.memoryUsage();
  await app.close();
  return { trials, readyMs, heapMb: mb(mem.heapUsed), rssMb: mb(mem.rss) };
}

function child(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const p = fork(__filename, args, { execArgv: ['--expose-gc', '-r', path.join(__dirname, 'register.cjs')], env: { ...process.env, ...env } });
    p.once('message', (m) => resolve(m as Record<string, unknown>));
    p.once('exit', (c) => c !== 0 && reject(new Error(`${args.join(' ')} exited with ${c}`)));
  });
}

async function main() {
  const [role, arg] = process.argv.slice(2);
  if (role === 'compile') return process.send!(await compile(arg));
  if (role === 'serve') return process.send!(await serve(arg));

  const { sharedDataDir } = await import('../src/config/sharedData');
  const compiles = [await child(['compile', 'owned']), await child(['compile', 'complete'])];
  console.log(table(['vocabularies', 'trials', 'read ms', 'compile ms'], compiles.map((c) => [String(c.mode), Number(c.trials), Number(c.readMs), Number(c.compileMs)])));

  // a shared folder with the trials only: the server finds no vocabularies to import
  const trialsOnly = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-trials-only-'));
  fs.symlinkSync(path.join(sharedDataDir(), 'trials'), path.join(trialsOnly, 'trials'));
  const rows: Array<Array<string | number>> = [];
  for (const [label, shared] of [['owned lists', trialsOnly], ['complete', sharedDataDir()]] as const) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-bench-vocab-'));
    for (const start of ['first', 'second']) {
      const r = await child(['serve', dataDir], { SHARED_DATA_DIR: shared });
      rows.push([label, start, Number(r.trials), Number(r.readyMs), Number(r.heapMb), Number(r.rssMb)]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.rmSync(trialsOnly, { recursive: true, force: true });
  console.log(table(['vocabularies', 'start', 'trials', 'ready ms', 'heap MB', 'rss MB'], rows));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
