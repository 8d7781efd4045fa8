/**
 * Vault throughput and memory benchmark, through the real server on loopback.
 * Run from server/: npm run bench:vault   (BENCH_VAULT_MB=500 BENCH_VAULT_FILES=1000 by default)
 *
 * 1. Upload of a BENCH_VAULT_MB file with tus (one PATCH, as a browser on a good link sends it) and its
 *    download, in MB/s, against `dd` writing (conv=fsync, like the server's commit) and reading the same
 *    bytes on the same disk in the same run. The VM's disk is noisy (cold reads of one file vary several
 *    fold between runs), so each side is measured in rounds interleaved with dd (BENCH_VAULT_UPLOAD_ROUNDS=3
 *    uploads, BENCH_VAULT_READ_ROUNDS=9 reads) and reported as median (min..max); ratio = ratio of medians.
 *    Reads are of the committed blob file itself (dd, the server and bare Node http references alike),
 *    from disk (evicted from the page cache with dd iflag=nocache before each read: the target row) and
 *    from the page cache (information only: dd there measures memcpy, and loopback TCP caps any Node
 *    server well below it, as the bare-Node rows show). On a VM the host may still cache the disk image,
 *    so "from disk" can run at several GB/s; the transport-ceiling row (a Node http server writing a
 *    buffer from memory, no file) shows the most any HTTP download can reach here. The server process's
 *    RSS is sampled every 20 ms from /proc/<pid>/status during uploads and cold downloads: peak minus
 *    the value just before.
 * 2. The zip download of a folder of BENCH_VAULT_FILES files: time to first byte, total time, and the
 *    server's peak RSS growth while the archive streams (a buffered archive would grow by its size).
 * Downloads are read by curl (needs curl on PATH). Targets: ratio >= 0.6 both ways; RSS growth < 100 MB
 * during the upload. BENCH_VAULT_VERBOSE=1 also prints every round's MB/s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { table } from './lib';
import { openFileReader } from '../src/vault/blobs/file-reader';

const MB = 1024 * 1024;
const sizeMb = Number(process.env.BENCH_VAULT_MB ?? 500);
const fileCount = Number(process.env.BENCH_VAULT_FILES ?? 1000);
const port = Number(process.env.BENCH_VAULT_PORT ?? 18431);
const uploadRounds = Number(process.env.BENCH_VAULT_UPLOAD_ROUNDS ?? 3);
const readRounds = Number(process.env.BENCH_VAULT_READ_ROUNDS ?? 9);
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
  // `npm run bench` builds first and sets BENCH_SERVER=dist: the production build is what gets measured
  // (its trial import runs in a worker thread); run alone, the TypeScript sources are started.
  const entry = process.env.BENCH_SERVER === 'dist' ? [path.join(__dirname, '..', 'dist', 'main.js')] : ['-r', path.join(__dirname, 'register.cjs'), path.join(__dirname, '..', 'src', 'main.ts')];
  const child = spawn(process.execPath, entry, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data'), DEMO_ACCOUNT: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '', PUBLIC_URL: base },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      // measure a settled server: the trial knowledge base loads (or imports the shared data) after start
      const health = await fetch(`${base}/api/health`);
      if (health.ok && ((await health.json()) as { trials: { ready: boolean } }).trials.ready) return child;
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

/**
 * A native reference server (Python, no framework) for the same file: /sendfile sends it with the
 * kernel's zero-copy sendfile(2) (socket.sendfile), /copy with a plain 1 MiB read + write loop. It
 * answers the question "would zero-copy sending reach the target on this machine?" without a native
 * addon in the product. Skipped (undefined) when python3 is not on PATH.
 */
const NATIVE_SERVER = `
import os, socket, sys
path = sys.argv[2]
size = os.path.getsize(path)
server = socket.create_server(('127.0.0.1', int(sys.argv[1])))
print('ready', flush=True)
while True:
    conn, _ = server.accept()
    with conn:
        zero_copy = conn.recv(65536).startswith(b'GET /sendfile')
        conn.sendall(b'HTTP/1.1 200 OK\\r\\nContent-Length: %d\\r\\nConnection: close\\r\\n\\r\\n' % size)
        with open(path, 'rb') as f:
            if zero_copy:
                conn.sendfile(f)
            else:
                while chunk := f.read(1 << 20):
                    conn.sendall(chunk)
`;

async function startNativeServer(listenPort: number, file: string): Promise<ChildProcess | undefined> {
  if (spawnSync('python3', ['--version']).status !== 0) return undefined;
  const child = spawn('python3', ['-c', NATIVE_SERVER, String(listenPort), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`native reference server exited ${code}`)));
  });
  return child;
}

/** Median, min and max of a list of numbers. */
function stats(values: number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
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
  const mbps = (s: number) => bytes / MB / s;

  const server = await startServer();
  const pid = server.pid as number;
  // Reference server, no framework and no auth: at / the same file through fs.createReadStream, at
  // /prefetch through the server's read-ahead reader, and at /mem a 4 MB buffer from memory written again
  // and again (no file at all: the loopback transport's ceiling).
  let bareFile = '';
  const memory = Buffer.alloc(4 * MB, 0x5a);
  const bare = http.createServer((req, res) => {
    res.writeHead(200, { 'content-length': String(bytes) });
    if (req.url === '/') return void fs.createReadStream(bareFile, { highWaterMark: MB }).pipe(res);
    if (req.url === '/prefetch') return void openFileReader(bareFile).then((stream) => stream.pipe(res), (error: Error) => res.destroy(error));
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const n = Math.min(memory.length, bytes - sent);
        sent += n;
        if (!res.write(memory.subarray(0, n))) return void res.once('drain', write);
      }
      res.end();
    };
    write();
  });
  await new Promise<void>((r) => bare.listen(port + 1, '127.0.0.1', r));
  let native: ChildProcess | undefined;
  try {
    const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.org', password: 'Bench-123' }) });
    const { jwt } = (await signup.json()) as { jwt: string };
    const auth = { authorization: `Bearer ${jwt}` };

    // Uploads, interleaved with dd writing the same bytes (conv=fsync, as the server commits) to the same
    // disk. Each round is a new tus upload (create, then one PATCH streaming the whole file); all but the
    // last upload are deleted so the vault holds one blob for the reads below.
    spawnSync('cat', [source], { stdio: ['ignore', 'ignore', 'ignore'] }); // source in page cache for both sides
    const upSpeeds: number[] = [];
    const ddWriteSpeeds: number[] = [];
    let rssBefore = 0;
    let upPeak = 0;
    let itemId = '';
    for (let round = 0; round < uploadRounds; round++) {
      const ddOut = path.join(root, 'dd.out');
      const ddSide = () => {
        ddWriteSpeeds.push(mbps(dd([`if=${source}`, `of=${ddOut}`, 'conv=fsync'])));
        fs.rmSync(ddOut);
      };
      if (round % 2 === 0) ddSide();
      if (itemId) {
        const r = await fetch(`${base}/api/vault/items/${itemId}`, { method: 'DELETE', headers: auth });
        if (r.status !== 204) throw new Error(`delete ${r.status}`);
      }
      const created = await send('POST', `${base}/api/vault/uploads`, {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes),
        'upload-metadata': `filename ${Buffer.from(`big-${round}.pdf`).toString('base64')}`,
      });
      if (created.status !== 201) throw new Error(`tus create ${created.status} ${created.text}`);
      const before = rssOf(pid);
      const upSampler = sampler(pid);
      const t0 = performance.now();
      const done = await send(
        'PATCH',
        `${base}${created.headers.location}`,
        { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes) },
        fs.createReadStream(source, { highWaterMark: MB }),
      );
      upSpeeds.push(mbps((performance.now() - t0) / 1000));
      const peak = upSampler.stop();
      if (done.status !== 204) throw new Error(`tus patch ${done.status} ${done.text}`);
      if (peak - before > upPeak - rssBefore) [rssBefore, upPeak] = [before, peak];
      itemId = done.headers['upload-item-id'] as string;
      if (round % 2 === 1) ddSide();
    }

    // Reads: every side reads the very same file (the committed blob, so the same extents on the same
    // disk), in interleaved rounds whose order alternates, the blob evicted from the page cache before
    // each cold read. The disk of a shared VM is noisy: medians over the rounds, with min..max.
    const blob = bigBlob();
    bareFile = blob;
    const url = `${base}/api/vault/items/${itemId}/download`;
    native = await startNativeServer(port + 2, blob);
    const nativeUrl = `http://127.0.0.1:${port + 2}`;
    const sides = {
      dd: async () => mbps(dd([`if=${blob}`, 'of=/dev/null'])),
      server: async () => {
        const r = await download(url, auth);
        if (r.bytes !== bytes) throw new Error(`downloaded ${r.bytes} of ${bytes}`);
        return mbps(r.seconds);
      },
      bare: async () => mbps((await download(`http://127.0.0.1:${port + 1}/`, {})).seconds),
      prefetch: async () => mbps((await download(`http://127.0.0.1:${port + 1}/prefetch`, {})).seconds),
      memory: async () => mbps((await download(`http://127.0.0.1:${port + 1}/mem`, {})).seconds),
      sendfile: async () => mbps((await download(`${nativeUrl}/sendfile`, {})).seconds),
      copy: async () => mbps((await download(`${nativeUrl}/copy`, {})).seconds),
    };
    type Side = keyof typeof sides;
    const cold: Record<Side, number[]> = { dd: [], server: [], bare: [], prefetch: [], memory: [], sendfile: [], copy: [] };
    const cached: Record<Side, number[]> = { dd: [], server: [], bare: [], prefetch: [], memory: [], sendfile: [], copy: [] };
    const nativeSides: Side[] = native ? ['sendfile', 'copy'] : [];
    const coldOrder: Side[] = ['dd', 'server', 'bare', 'prefetch', ...nativeSides];
    const cachedOrder: Side[] = ['dd', 'server', 'bare', 'prefetch', 'memory', ...nativeSides];
    // One read first, not counted: the first read of a freshly written file can also miss the host's
    // cache of the VM's disk, which would penalise whichever side happens to go first.
    evict(blob);
    await sides.dd();
    let dlBefore = 0;
    let dlPeak = 0;
    for (let round = 0; round < readRounds; round++) {
      for (const side of round % 2 ? [...coldOrder].reverse() : coldOrder) {
        evict(blob);
        const before = rssOf(pid);
        const s = side === 'server' ? sampler(pid) : null;
        cold[side].push(await sides[side]());
        const peak = s?.stop() ?? 0;
        if (s && peak - before > dlPeak - dlBefore) [dlBefore, dlPeak] = [before, peak];
      }
    }
    spawnSync('cat', [blob], { stdio: ['ignore', 'ignore', 'ignore'] });
    for (let round = 0; round < readRounds; round++) {
      for (const side of round % 2 ? [...cachedOrder].reverse() : cachedOrder) cached[side].push(await sides[side]());
    }

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

    const fmt = (values: number[]) => {
      const { median, min, max } = stats(values);
      return `${median.toFixed(0)} MB/s (${min.toFixed(0)}..${max.toFixed(0)})`;
    };
    const ratio = (a: number[], b: number[]) => stats(a).median / stats(b).median;
    const row = (measure: string, mine: number[], baselineLabel: string, baseline: number[], target: string) => {
      const r = ratio(mine, baseline);
      return [measure, fmt(mine), `${baselineLabel} ${fmt(baseline)}`, r.toFixed(2), target, target ? (r >= 0.6 ? 'yes' : 'NO') : ''];
    };
    console.log(
      `\nVault benchmark: ${(bytes / MB).toFixed(0)} MB file, ${fileCount}-file folder; data in ${root}; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}` +
        `\nMB/s as median (min..max) of ${uploadRounds} upload and ${readRounds} read rounds, interleaved with dd; ratio = ratio of the medians.\n`,
    );
    console.log(
      table(
        ['measure', 'value', 'baseline (dd, same disk, same run)', 'ratio', 'target', 'ok'],
        [
          row('upload (tus PATCH, incl. sniff + fsync + commit)', upSpeeds, 'dd write conv=fsync', ddWriteSpeeds, '>= 0.6'),
          row('download from disk (page cache evicted) [target row]', cold.server, 'dd read of the blob, evicted', cold.dd, '>= 0.6'),
          row('reference: bare Node http + fs.createReadStream, evicted', cold.bare, 'dd read of the blob, evicted', cold.dd, ''),
          row('reference: bare Node http + read-ahead reader, evicted', cold.prefetch, 'dd read of the blob, evicted', cold.dd, ''),
          ...(native
            ? [
                row('reference: native zero-copy sendfile(2) (Python socket.sendfile), evicted', cold.sendfile, 'dd read of the blob, evicted', cold.dd, ''),
                row('reference: native 1 MiB read + write loop (Python), evicted', cold.copy, 'dd read of the blob, evicted', cold.dd, ''),
              ]
            : []),
          row('info: download from page cache (dd = memcpy, not disk)', cached.server, 'dd read of the blob, cached', cached.dd, ''),
          row('info: bare Node http + fs.createReadStream, cached', cached.bare, 'dd read of the blob, cached', cached.dd, ''),
          row('info: bare Node http + read-ahead reader, cached', cached.prefetch, 'dd read of the blob, cached', cached.dd, ''),
          row('info: transport ceiling (Node http writing memory, no file)', cached.memory, 'dd read of the blob, evicted', cold.dd, ''),
          ['server RSS growth during upload (worst round)', `${((upPeak - rssBefore) / MB).toFixed(1)} MB`, `RSS before ${(rssBefore / MB).toFixed(0)} MB`, '', '< 100 MB', upPeak - rssBefore < 100 * MB ? 'yes' : 'NO'],
          ['server RSS growth during download from disk (worst round)', `${((dlPeak - dlBefore) / MB).toFixed(1)} MB`, '', '', '', ''],
          [`zip of ${fileCount} files: size`, `${(zip.bytes / MB).toFixed(1)} MB`, '', '', '', ''],
          ['zip: time to first byte', `${zip.ttfb.toFixed(0)} ms`, `total ${zip.seconds.toFixed(2)} s`, '', '', ''],
          ['zip: server RSS growth while streaming', `${((zipPeak - zipBefore) / MB).toFixed(1)} MB`, `archive ${(zip.bytes / MB).toFixed(0)} MB`, ((zipPeak - zipBefore) / zip.bytes).toFixed(2), '< archive size', zipPeak - zipBefore < zip.bytes ? 'yes' : 'NO'],
        ],
      ),
    );
    console.log(
      `\nThe disk-read target needs ${(0.6 * stats(cold.dd).median).toFixed(0)} MB/s; loopback HTTP from Node here carries at most ~${stats(cached.memory).median.toFixed(0)} MB/s ` +
        `with no file at all (ratio ${ratio(cached.memory, cold.dd).toFixed(2)} to dd's disk read): above that the transport, not the file reading, is the limit.`,
    );
    if (native)
      console.log(
        `Zero-copy reference: sendfile(2) from a native server carries ${stats(cold.sendfile).median.toFixed(0)} MB/s from disk here ` +
          `(a plain read + write loop ${stats(cold.copy).median.toFixed(0)} MB/s), ratio ${ratio(cold.sendfile, cold.dd).toFixed(2)} to dd.`,
      );
    if (process.env.BENCH_VAULT_VERBOSE) console.log(JSON.stringify({ upSpeeds, ddWriteSpeeds, cold, cached }, (_k, v) => (typeof v === 'number' ? Math.round(v) : v)));
  } finally {
    native?.kill();
    bare.close();
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
