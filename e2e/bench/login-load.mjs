// Benchmark: what the browser downloads before the login page is interactive, and how long a cold load
// takes, against the built app served by the real server on loopback, in Debian's Chromium.
// "Interactive": the sign-in button is rendered and enabled (client-rendered app: handlers are attached).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.BENCH_PORT ?? 18180);
const url = `http://127.0.0.1:${port}/`;
const runs = Number(process.env.BENCH_RUNS ?? 5);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-bench-'));
const server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // The gzip figure for the same files (what a browser without brotli would download), from the built files.
  const gzipSize = (u) => {
    const p = new URL(u).pathname;
    const m = /^\/remotes\/(\w+)\/(.*)$/.exec(p);
    const file = m ? path.join(root, `remote-${m[1]}`, 'dist', m[2]) : path.join(root, 'host', 'dist', p.slice(1));
    return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  };
  const appOf = (u) => (/\/remotes\/(\w+)\//.exec(new URL(u).pathname)?.[1] ? `remote-${/\/remotes\/(\w+)\//.exec(new URL(u).pathname)[1]}` : 'host');
  const samples = [];
  let bytesByApp = {};
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 } }); // fresh cache each run
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', async (request) => {
      const response = await request.response();
      if (!response || !(response.headers()['content-type'] ?? '').includes('javascript')) return;
      const sizes = await request.sizes();
      scripts.push({ url: request.url(), bytes: sizes.responseBodySize, encoding: response.headers()['content-encoding'] ?? 'identity', at: Date.now() });
    });
    const start = Date.now();
    await page.goto(url);
    await page.getByTestId('login-submit').waitFor({ state: 'visible' });
    await page.waitForFunction(() => !document.querySelector('[data-testid=login-submit]')?.hasAttribute('disabled'));
    const interactiveAt = Date.now();
    samples.push(interactiveAt - start);
    await page.waitForTimeout(300); // let finished-request events for already loaded scripts arrive
    bytesByApp = {};
    for (const s of scripts.filter((s) => s.at <= interactiveAt + 50)) {
      const app = appOf(s.url);
      bytesByApp[app] ??= { bytes: 0, gzip: 0, files: 0, encodings: new Set() };
      bytesByApp[app].bytes += s.bytes;
      bytesByApp[app].gzip += gzipSize(s.url);
      bytesByApp[app].files += 1;
      bytesByApp[app].encodings.add(s.encoding);
    }
    await context.close();
  }
  await browser.close();
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const total = Object.values(bytesByApp).reduce((n, a) => n + a.bytes, 0);
  console.log('\nLogin page: JavaScript downloaded before it is interactive (last run; transfer size as served)\n');
  const totalGzip = Object.values(bytesByApp).reduce((n, a) => n + a.gzip, 0);
  console.log('| app | files | KB transferred (as served) | KB gzip -9 | encoding served |');
  console.log('|---|---:|---:|---:|---|');
  for (const [app, v] of Object.entries(bytesByApp).sort()) console.log(`| ${app} | ${v.files} | ${(v.bytes / 1024).toFixed(1)} | ${(v.gzip / 1024).toFixed(1)} | ${[...v.encodings].join(', ')} |`);
  console.log(`| **total** | ${Object.values(bytesByApp).reduce((n, a) => n + a.files, 0)} | **${(total / 1024).toFixed(1)}** | **${(totalGzip / 1024).toFixed(1)}** | target < 350 KB gzip |`);
  console.log(`\nCold load to interactive, ${runs} runs on loopback: ${samples.join(', ')} ms; median **${median} ms**\n`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
