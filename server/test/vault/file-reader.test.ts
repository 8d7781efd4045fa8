import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import { openFileReader } from '../../src/vault/blobs/file-reader';

const chunk = 64 * 1024;
let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-reader-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fileOf(size: number): { file: string; data: Buffer } {
  const data = crypto.randomBytes(size);
  const file = path.join(dir, `f-${size}-${crypto.randomUUID()}`);
  fs.writeFileSync(file, data);
  return { file, data };
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Captures the FileHandle the reader opens, to check it gets closed (fd -1 once closed). */
function spyOnOpen() {
  const handles: fs.promises.FileHandle[] = [];
  const original = fs.promises.open;
  const spy = jest.spyOn(fs.promises, 'open').mockImplementation(async (...args: Parameters<typeof original>) => {
    const handle = await original(...args);
    handles.push(handle);
    return handle;
  });
  return { handles, restore: () => spy.mockRestore() };
}

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('openFileReader', () => {
  it.each([0, 1, chunk - 1, chunk, chunk + 1, 5 * chunk + 7, 3 * 1024 * 1024 + 11])('streams the exact bytes of a %i-byte file and closes it', async (size) => {
    const { file, data } = fileOf(size);
    const open = spyOnOpen();
    try {
      const stream = await openFileReader(file, { chunkSize: chunk, depth: 3 });
      const out = await collect(stream);
      expect(out.equals(data)).toBe(true);
      await until(() => stream.destroyed);
      await new Promise((r) => setImmediate(r));
      expect(open.handles).toHaveLength(1);
      expect(open.handles[0].fd).toBe(-1);
    } finally {
      open.restore();
    }
  });

  it('streams with the default 1 MiB chunks, depth 1 and several MB', async () => {
    const { file, data } = fileOf(4 * 1024 * 1024 + 3);
    expect((await collect(await openFileReader(file))).equals(data)).toBe(true);
    expect((await collect(await openFileReader(file, { depth: 1 }))).equals(data)).toBe(true);
  });

  it.each([
    [0, 0],
    [0, chunk - 1],
    [1, chunk],
    [chunk, 3 * chunk + 5],
    [2 * chunk + 3, undefined],
    [100, 10_000_000],
  ])('reads the byte range %i-%s', async (start, end) => {
    const { file, data } = fileOf(4 * chunk + 9);
    const out = await collect(await openFileReader(file, { chunkSize: chunk, start, end }));
    expect(out.equals(data.subarray(start, end == null ? undefined : end + 1))).toBe(true);
  });

  it('rejects a missing file before any stream exists', async () => {
    await expect(openFileReader(path.join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('respects backpressure: a consumer that does not read holds at most depth + 1 chunks', async () => {
    const { file } = fileOf(64 * chunk);
    const open = spyOnOpen();
    try {
      const stream = await openFileReader(file, { chunkSize: chunk, depth: 2 });
      const read = jest.spyOn(open.handles[0], 'read');
      stream.once('readable', () => {}); // starts reading without consuming
      await new Promise((r) => setTimeout(r, 300));
      expect(read.mock.calls.length).toBeGreaterThan(0);
      expect(read.mock.calls.length).toBeLessThanOrEqual(3);
      expect(stream.readableLength).toBeLessThanOrEqual(chunk);
      stream.destroy();
      await new Promise((r) => stream.once('close', r));
      expect(open.handles[0].fd).toBe(-1);
    } finally {
      open.restore();
    }
  });

  it('closes the file when destroyed mid-stream, with reads in flight', async () => {
    const { file } = fileOf(32 * chunk);
    const open = spyOnOpen();
    try {
      const stream = await openFileReader(file, { chunkSize: chunk, depth: 4 });
      await new Promise<void>((resolve) => stream.once('data', () => resolve()));
      stream.destroy();
      await new Promise((r) => stream.once('close', r));
      expect(open.handles[0].fd).toBe(-1);
    } finally {
      open.restore();
    }
  });

  it('fails, and closes the file, when the file is shorter than when opened', async () => {
    const { file } = fileOf(8 * chunk);
    const open = spyOnOpen();
    try {
      const stream = await openFileReader(file, { chunkSize: chunk, depth: 1 });
      fs.truncateSync(file, chunk);
      await expect(pipeline(stream, new Writable({ write: (_c, _e, cb) => cb() }))).rejects.toThrow(/file ended/);
      expect(open.handles[0].fd).toBe(-1);
    } finally {
      open.restore();
    }
  });

  it('closes the file when an HTTP client aborts a Fastify download', async () => {
    const { file } = fileOf(16 * 1024 * 1024);
    const open = spyOnOpen();
    const app = Fastify();
    let served: NodeJS.ReadableStream | null = null;
    app.get('/f', async (_request, reply) => {
      served = await openFileReader(file, { chunkSize: chunk, depth: 4 });
      return reply.header('content-length', String(16 * 1024 * 1024)).send(served);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`http://127.0.0.1:${port}/f`, (res) => {
          res.once('data', () => {
            req.destroy(); // the client goes away after the first bytes
            resolve();
          });
        });
        req.on('error', () => {});
        req.on('timeout', reject);
      });
      await until(() => open.handles.length === 1 && open.handles[0].fd === -1);
      expect((served as unknown as { destroyed: boolean }).destroyed).toBe(true);
    } finally {
      open.restore();
      await app.close();
    }
  });
});

describe('PrefetchingFileReader.sendTo (downloads from local disk)', () => {
  /** A plain HTTP server whose one route sends the file (or a range of it) with sendTo. */
  async function serve(file: string, options: { depth?: number; start?: number; end?: number } = {}) {
    const readers: Array<Awaited<ReturnType<typeof openFileReader>>> = [];
    const server = http.createServer(async (_req, res) => {
      const reader = await openFileReader(file, { chunkSize: chunk, depth: options.depth ?? 3, start: options.start, end: options.end });
      readers.push(reader);
      res.writeHead(200);
      await reader.sendTo(res);
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return { url, readers, close: () => new Promise((r) => server.close(r)) };
  }
  const get = (url: string) =>
    new Promise<Buffer>((resolve, reject) => http.get(url, (res) => collect(res).then(resolve, reject)).on('error', reject));

  it.each([0, 1, chunk - 1, chunk, chunk + 1, 5 * chunk + 7, 3 * 1024 * 1024 + 11])('sends the exact bytes of a %i-byte file and closes it', async (size) => {
    const { file, data } = fileOf(size);
    const open = spyOnOpen();
    const s = await serve(file);
    try {
      expect((await get(s.url)).equals(data)).toBe(true);
      await until(() => open.handles.length === 1 && open.handles[0].fd === -1);
    } finally {
      open.restore();
      await s.close();
    }
  });

  it('sends exactly a byte range', async () => {
    const { file, data } = fileOf(5 * chunk + 7);
    const s = await serve(file, { start: chunk - 3, end: 3 * chunk + 4 });
    try {
      expect((await get(s.url)).equals(data.subarray(chunk - 3, 3 * chunk + 5))).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('reuses a bounded set of buffers, however large the file (no garbage per chunk)', async () => {
    const { file, data } = fileOf(200 * chunk + 5); // 201 chunks
    const allocations = jest.spyOn(Buffer, 'allocUnsafeSlow');
    const s = await serve(file, { depth: 4 });
    try {
      expect((await get(s.url)).equals(data)).toBe(true);
      const mine = allocations.mock.calls.filter(([size]) => size === chunk).length;
      expect(mine).toBeGreaterThanOrEqual(4);
      expect(mine).toBeLessThanOrEqual(8); // depth reads in flight + the few chunks the socket has not flushed
    } finally {
      allocations.mockRestore();
      await s.close();
    }
  });

  it('stops and closes the file when the client goes away mid-body', async () => {
    const { file } = fileOf(16 * 1024 * 1024);
    const open = spyOnOpen();
    const s = await serve(file, { depth: 4 });
    try {
      await new Promise<void>((resolve) => {
        const req = http.get(s.url, (res) => res.once('data', () => (req.destroy(), resolve())));
        req.on('error', () => {});
      });
      await until(() => open.handles.length === 1 && open.handles[0].fd === -1);
      expect(s.readers[0].destroyed).toBe(true);
    } finally {
      open.restore();
      await s.close();
    }
  });

  it('refuses a reader that is already being read as a stream', async () => {
    const { file } = fileOf(3 * chunk);
    const reader = await openFileReader(file, { chunkSize: chunk });
    reader.resume();
    await expect(reader.sendTo(new Writable({ write: (_c, _e, cb) => cb() }))).rejects.toThrow(/already being read/);
    reader.destroy();
  });
});
