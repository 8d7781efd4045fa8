import { chromium } from '@playwright/test';
import fs from 'node:fs';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const c = await b.newContext(); const p = await c.newPage();
const rows = [];
p.on('requestfinished', async (r) => { const res = await r.response(); if (!(res.headers()['content-type']||'').includes('javascript')) return; const s = await r.sizes(); rows.push([s.responseBodySize, r.url().replace('http://127.0.0.1:18080','')]); });
await p.goto('http://127.0.0.1:18080/'); await p.getByTestId('login-submit').waitFor(); await p.waitForTimeout(1500);
rows.sort((a,b)=>b[0]-a[0]);
for (const [size, url] of rows.slice(0, 30)) {
  const file = url.startsWith('/remotes/') ? '/work/main/remote-' + url.split('/')[2] + '/dist/' + url.split('/').slice(3).join('/') : '/work/main/host/dist' + url;
  let pk = '';
  try { const m = JSON.parse(fs.readFileSync(file + '.map', 'utf8')); const c = {}; m.sources.forEach((s, i) => { const k = s.includes('node_modules/') ? s.split('node_modules/').pop().split('/').slice(0, s.split('node_modules/').pop().startsWith('@') ? 2 : 1).join('/') : 'own:' + s.replace(/^webpack:\/\/[^/]*\//, '').split('/').slice(0, 3).join('/'); c[k] = (c[k] || 0) + (m.sourcesContent?.[i]?.length || 0); }); pk = Object.entries(c).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k}:${Math.round(v / 1024)}k`).join(' '); } catch (e) { pk = 'nomap'; }
  console.log(String(size).padStart(7), url.padEnd(42), pk);
}
console.log('total', rows.reduce((n, r) => n + r[0], 0), 'files', rows.length);
await b.close();
