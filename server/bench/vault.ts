/**
 * Vault throughput and memory benchmark, through the real server on loopback.
 * Run from server/: npm run bench:vault   (BENCH_VAULT_MB=500 BENCH_VAULT_FILES=1000 by default)
 *
 * 1. Upload of a BENCH_VAULT_MB file with tus (one PATCH, as a browser on a good link sends it) and its
 *    download, in MB/s, against `dd` writing (conv=fsync, like the server's commit) and reading the same
 *    bytes on the same disk in the same run. Reads are measured twice: from disk (the file evicted from
 *    the page cache with dd iflag=nocache first, on both sides) and from the page cache. The server process's RSS is sampled every 20 ms from
 *    /proc/<pid>/status during the upload: peak minus the value just before = RSS growth.
 * 2. The zip download of a folder of BENCH_VAULT_FILES files: time to first byte, total time, and the
 *    server's peak RSS growth while the archive streams (a buffered archive would grow by its size).
 * Downloads are read by curl (needs curl on PATH). Targets: ratio >= 0.6 both ways; RSS growth < 100 MB
 * during the upload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { table } from './lib';

const MB = 1024 * 1024;
const sizeMb = Number(process.env.BENCH_VAULT_MB ?? 500);
const fileCount = Number(process.env.BENCH_VAULT_FILES ?? 1000);
const port = Number(process.env.BENCH_VAULT_PORT ?? 18431);
const base = `http://127.0.0.1:${port}`;
// Data, dd's files and the source file live in one folder, so every comparison is on the same disk.
const root = fs.mkdtempSync(path.join(process.env.BENCH_VAULT_DIR ?? os.tmpdir(), 'oncodesk-vault-bench-'));

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples a process's RSS until stopped; returns the peak. */
function sampler(pid: number) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      /* process gone */
    }
  }, 20);
  return { stop: () => (clearInterval(timer), Math.max(peak, rssOf(pid))) };
}

function dd(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync('dd', [...args, 'bs=1M', 'status=none']);
  if (r.status !== 0) throw new Error(`dd failed: ${r.stderr}`);
  return (performance.now() - t0) / 1000;
}

/** Drops a file's pages from the page cache (GNU dd: nocache with count=0 covers the whole file). */
function evict(file: string): void {
  spawnSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
}

/** The one committed blob of the big upload (the bench's vault holds nothing else yet). */
function bigBlob(): string {
  const blobs = path.join(root, 'data', 'vault', 'blobs');
  for (const shard of fs.readdirSync(blobs)) for (const name of fs.readdirSync(path.join(blobs, shard))) return path.join(blobs, shard, name);
  throw new Error('no blob');
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-r', path.join(__dirname, 'register.cjs'), path.join(__dirname, '..', 'src', 'main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data'), DEMO_ACCOUNT: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '', PUBLIC_URL: base },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** One HTTP request with a streamed body; resolves with status and headers. */
function send(method: string, url: string, headers: Record<string, string>, body?: fs.ReadStream | Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body instanceof fs.ReadStream) body.pipe(req);
    else req.end(body);
  });
}

/**
 * Downloads a URL with curl into /dev/null (a native client, as a browser is; a Node client would
 * measure its own event-loop cost): bytes, time to first byte and total seconds.
 */
function download(url: string, headers: Record<string, string>): Promise<{ bytes: number; ttfb: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const args = ['-s', '-f', '-o', '/dev/null', '-w', '%{size_download} %{time_starttransfer} %{time_total}', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
    const child = spawn('curl', args);
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`curl exited ${code}`));
      const [bytes, ttfb, total] = out.trim().split(' ').map(Number);
      resolve({ bytes, ttfb: ttfb * 1000, seconds: total });
    });
  });
}

async function main() {
  const source = path.join(root, 'source.pdf');
  // A PDF header then incompressible bytes (a 16 MB random block repeated: cheap to make, same on disk).
  const block = crypto.randomBytes(16 * MB);
  const fd = fs.openSync(source, 'w');
  fs.writeSync(fd, Buffer.from('%PDF-1.7\n'));
  for (let written = 9; written < sizeMb * MB; ) {
    const n = Math.min(block.length, sizeMb * MB - written);
    fs.writeSync(fd, block, 0, n);
    written += n;
  }
  fs.closeSync(fd);
  const bytes = fs.statSync(source).size;

  const server = await startServer();
  const pid = server.pid as number;
  try {
    const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.org', password: 'Bench-123' }) });
    const { jwt } = (await signup.json()) as { jwt: string };
    const auth = { authorization: `Bearer ${jwt}` };

    // Baselines on the same disk: write with fsync at the end (as the server commits), then read.
    spawnSync('cat', [source], { stdio: ['ignore', 'ignore', 'ignore'] }); // source in page cache for both sides
    const ddWrite = dd([`if=${source}`, `of=${path.join(root, 'dd.out')}`, 'conv=fsync']);
    // Reads twice: from disk (the file's cache evicted first) and from the page cache.
    evict(path.join(root, 'dd.out'));
    const ddReadCold = dd([`if=${path.join(root, 'dd.out')}`, 'of=/dev/null']);
    const ddRead = dd([`if=${path.join(root, 'dd.out')}`, 'of=/dev/null']);
    fs.rmSync(path.join(root, 'dd.out'));

    // Upload with tus: create, then one PATCH streaming the whole file.
    const created = await send('POST', `${base}/api/vault/uploads`, {
      ...auth,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes),
      'upload-metadata': `filename ${Buffer.from('big.pdf').toString('base64')}`,
    });
    if (created.status !== 201) throw new Error(`tus create ${created.status} ${created.text}`);
    const rssBefore = rssOf(pid);
    const upSampler = sampler(pid);
    const t0 = performance.now();
    const done = await send(
      'PATCH',
      `${base}${created.headers.location}`,
      { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes) },
      fs.createReadStream(source, { highWaterMark: MB }),
    );
    const upSeconds = (performance.now() - t0) / 1000;
    const upPeak = upSampler.stop();
    if (done.status !== 204) throw new Error(`tus patch ${done.status} ${done.text}`);
    const itemId = done.headers['upload-item-id'] as string;

    evict(bigBlob());
    const dlSampler = sampler(pid);
    const dlBefore = rssOf(pid);
    const dlCold = await download(`${base}/api/vault/items/${itemId}/download`, auth);
    const dlPeak = dlSampler.stop();
    const dl = await download(`${base}/api/vault/items/${itemId}/download`, auth);
    if (dl.bytes !== bytes || dlCold.bytes !== bytes) throw new Error(`downloaded ${dl.bytes} of ${bytes}`);
    // Reference: the same cached file through a bare Node http server (no framework, no auth), i.e. the
    // ceiling of any Node HTTP download on this machine.
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(bytes) });
      fs.createReadStream(bigBlob(), { highWaterMark: MB }).pipe(res);
    });
    await new Promise<void>((r) => bare.listen(port + 1, '127.0.0.1', r));
    const bareDl = await download(`http://127.0.0.1:${port + 1}/`, {});
    await new Promise((r) => bare.close(r));

    // A folder of many files, uploaded 8 at a time through POST /api/file.
    const folder = (await (await fetch(`${base}/api/vault/folders`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Thousand' }) })).json()) as { id: string };
    const small = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(100 * 1024)]);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < fileCount) {
          const i = next++;
          const form = new FormData();
          form.append('parentId', folder.id);
          form.append('file', new Blob([small]), `f${String(i).padStart(4, '0')}.pdf`);
          const r = await fetch(`${base}/api/file`, { method: 'POST', headers: auth, body: form });
          if (r.status !== 201) throw new Error(`file ${i}: ${r.status} ${await r.text()}`);
        }
      }),
    );
    const zipBefore = rssOf(pid);
    const zipSampler = sampler(pid);
    const zip = await download(`${base}/api/vault/items/${folder.id}/zip`, auth);
    const zipPeak = zipSampler.stop();

    const mbps = (n: number, s: number) => n / MB / s;
    const up = mbps(bytes, upSeconds);
    const down = mbps(bytes, dl.seconds);
    const downCold = mbps(bytes, dlCold.seconds);
    const ddW = mbps(bytes, ddWrite);
    const ddR = mbps(bytes, ddRead);
    const ddRC = mbps(bytes, ddReadCold);
    console.log(`\nVault benchmark: ${(bytes / MB).toFixed(0)} MB file, ${fileCount}-file folder; data in ${root}; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}\n`);
    console.log(
      table(
        ['measure', 'value', 'baseline (dd, same disk, same run)', 'ratio', 'target', 'ok'],
        [
          ['upload (tus PATCH, incl. sniff + fsync + commit)', `${up.toFixed(0)} MB/s`, `dd write conv=fsync ${ddW.toFixed(0)} MB/s`, (up / ddW).toFixed(2), '>= 0.6', up / ddW >= 0.6 ? 'yes' : 'NO'],
          ['download from disk (page cache evicted)', `${downCold.toFixed(0)} MB/s`, `dd read, cache evicted ${ddRC.toFixed(0)} MB/s`, (downCold / ddRC).toFixed(2), '>= 0.6', downCold / ddRC >= 0.6 ? 'yes' : 'NO'],
          ['download from page cache', `${down.toFixed(0)} MB/s`, `dd read, cached ${ddR.toFixed(0)} MB/s`, (down / ddR).toFixed(2), '>= 0.6', down / ddR >= 0.6 ? 'yes' : 'NO'],
          ['reference: bare Node http + fs stream, cached', `${mbps(bytes, bareDl.seconds).toFixed(0)} MB/s`, `dd read, cached ${ddR.toFixed(0)} MB/s`, (mbps(bytes, bareDl.seconds) / ddR).toFixed(2), '', ''],
          ['server RSS growth during upload', `${((upPeak - rssBefore) / MB).toFixed(1)} MB`, `RSS before ${(rssBefore / MB).toFixed(0)} MB`, '', '< 100 MB', upPeak - rssBefore < 100 * MB ? 'yes' : 'NO'],
          ['server RSS growth during download (from disk)', `${((dlPeak - dlBefore) / MB).toFixed(1)} MB`, '', '', '', ''],
          [`zip of ${fileCount} files: size`, `${(zip.bytes / MB).toFixed(1)} MB`, '', '', '', ''],
          ['zip: time to first byte', `${zip.ttfb.toFixed(0)} ms`, `total ${zip.seconds.toFixed(2)} s`, '', '', ''],
          ['zip: server RSS growth while streaming', `${((zipPeak - zipBefore) / MB).toFixed(1)} MB`, `archive ${(zip.bytes / MB).toFixed(0)} MB`, ((zipPeak - zipBefore) / zip.bytes).toFixed(2), '< archive size', zipPeak - zipBefore < zip.bytes ? 'yes' : 'NO'],
        ],
      ),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  fs.rmSync(root, { recursive: true, force: true });
  process.exit(1);
});
