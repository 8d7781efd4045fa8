import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { list, samples } from './helpers';

/**
 * Hostile uploads over real sockets (node:net): a multipart body that stops before its closing boundary,
 * a tus PATCH that stops mid-body. Before the fix an idle one held its staging file and two more handles
 * (the socket and the file) with no answer, for as long as the client kept the connection (for ever: Fastify
 * sets no request timeout). Counted here: the process's open descriptors (/proc/self/fd) and the staging
 * files, before, during and after.
 */
const STALL_SECONDS = 3;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({
    vault: { maxFileBytes: 8 * 1024 * 1024, uploadExpiryHours: 24, uploadStallSeconds: STALL_SECONDS, s3: null },
    authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
/** Sockets a failed test might leave open (they would keep the server from closing). */
const cleanup: net.Socket[] = [];
afterEach(() => cleanup.splice(0).forEach((s) => s.destroy()));
afterAll(async () => t.close());

/**
 * Open handles on the server's data folder (staging files, stored files). Not every descriptor of the process:
 * this process is also the clients, and on PostgreSQL the pool opens a socket when it likes (a test once failed
 * on a pool connection opened meanwhile, not on a leaked file).
 */
const openFds = () =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(t.config.dataDir);
    } catch {
      return false;
    }
  }).length;
const staging = () => fs.readdirSync(path.join(t.config.dataDir, 'vault', 'staging')).length;
/** Opens the database pool's connections (PostgreSQL: up to 10 sockets that then stay) before counting. */
const warmUp = (auth: Record<string, string>) => Promise.all(Array.from({ length: 24 }, () => list(t.app, auth)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms: number) {
  for (const end = Date.now() + ms; Date.now() < end && !check(); ) await sleep(25);
  return check();
}

interface Client {
  socket: net.Socket;
  answer(): string;
  closed(): boolean;
}

/** Connects and sends headers and a multipart body cut before its end (no closing boundary). */
async function stalledMultipart(auth: string, framing: 'content-length' | 'chunked'): Promise<Client> {
  const boundary = 'oncodesk-stall';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stalled.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n${'A'.repeat(100_000)}`;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let answer = '';
  let closed = false;
  socket.on('data', (d) => (answer += d.toString()));
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  // Content-Length larger than what is sent, or chunked with no last chunk.
  const framingHeader = framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length + 1_000_000}`;
  socket.write([`POST /api/file HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: ${auth}`, `Content-Type: multipart/form-data; boundary=${boundary}`, framingHeader].join('\r\n') + '\r\n\r\n');
  await new Promise((r) => socket.write(framing === 'chunked' ? `${body.length.toString(16)}\r\n${body}\r\n` : body, r));
  return { socket, answer: () => answer, closed: () => closed };
}

describe('a multipart upload whose body stops before its closing boundary', () => {
  it.each(['content-length', 'chunked'] as const)('idle client (%s): held a staging file until the stall limit, then 408 in the API shape, closed, nothing left', async (framing) => {
    const u = await signUpVerified(t.app);
    await warmUp(u.auth);
    await sleep(200);
    const fds = openFds();
    const files = staging();
    const clients: Client[] = [];
    for (let i = 0; i < 20; i++) clients.push(await stalledMultipart(u.auth.authorization, framing));
    cleanup.push(...clients.map((c) => c.socket));
    // The defect as it was: each stalled request holds a staging file (and handles) and gets no answer.
    expect(await until(() => staging() === files + 20, 2000)).toBe(true);
    // (a handle on its staging file each; the sockets are not counted, see openFds)
    expect(openFds()).toBeGreaterThanOrEqual(fds + 20);
    expect(clients.every((c) => c.answer() === '')).toBe(true);

    // After the stall limit: every client that is still there is told, in the API's shape, and disconnected.
    expect(await until(() => clients.every((c) => c.closed()), STALL_SECONDS * 1000 + 6000)).toBe(true);
    for (const c of clients) {
      expect(c.answer()).toMatch(/^HTTP\/1\.1 408 /);
      const body = JSON.parse(c.answer().slice(c.answer().indexOf('\r\n\r\n') + 4));
      expect(body.error).toEqual({ code: 'vault_upload_stalled', message: expect.any(String) });
    }
    expect(staging()).toBe(files);
    expect(await until(() => openFds() <= fds, 2000)).toBe(true);
    expect((await list(t.app, u.auth)).items).toEqual([]);
  });

  it('client that leaves (connection destroyed or half-closed): staging file and handles released at once', async () => {
    const u = await signUpVerified(t.app);
    await warmUp(u.auth);
    await sleep(200);
    const fds = openFds();
    const files = staging();
    const gone: Client[] = [];
    for (let i = 0; i < 10; i++) gone.push(await stalledMultipart(u.auth.authorization, i % 2 ? 'chunked' : 'content-length'));
    const halfClosed: Client[] = [];
    for (let i = 0; i < 10; i++) halfClosed.push(await stalledMultipart(u.auth.authorization, i % 2 ? 'chunked' : 'content-length'));
    cleanup.push(...[...gone, ...halfClosed].map((c) => c.socket));
    expect(await until(() => staging() === files + 20, 2000)).toBe(true);
    for (const c of gone) c.socket.destroy();
    for (const c of halfClosed) c.socket.end();
    // Well before the stall limit: no staging file and no handle left.
    expect(await until(() => staging() === files && openFds() <= fds, STALL_SECONDS * 1000 - 100)).toBe(true);
    // The half-closed clients could still read: they got a 400 for the truncated body.
    await until(() => halfClosed.every((c) => c.answer() !== ''), 1000);
    for (const c of halfClosed) expect(c.answer()).toMatch(/^HTTP\/1\.1 400 /);
    for (const c of halfClosed) c.socket.destroy();
  });

  it('does not cut a slow upload that keeps making progress', async () => {
    const u = await signUpVerified(t.app);
    const boundary = 'oncodesk-slow';
    const file = Buffer.concat([samples.pdf(), Buffer.alloc(20_000, 0x20)]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const socket = net.connect(port, '127.0.0.1');
    cleanup.push(socket);
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.write([`POST /api/file HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: ${u.auth.authorization}`, `Content-Type: multipart/form-data; boundary=${boundary}`, `Content-Length: ${body.length}`, 'Connection: close'].join('\r\n') + '\r\n\r\n');
    // Twice the stall limit in all, a piece every 0.5 s.
    const pieces = 12;
    const size = Math.ceil(body.length / pieces);
    for (let i = 0; i < pieces; i++) {
      socket.write(body.subarray(i * size, (i + 1) * size));
      await sleep(500);
    }
    expect(await until(() => answer.includes('\r\n\r\n{'), 3000)).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    socket.destroy();
    expect((await list(t.app, u.auth)).items.map((i) => i.name)).toEqual(['slow.pdf']);
  });
});

describe('a resumable (tus) PATCH whose body stops', () => {
  it('is cut at the stall limit: the connection closes, the bytes that arrived are kept, the upload resumes', async () => {
    const u = await signUpVerified(t.app);
    const data = Buffer.concat([samples.pdf(), Buffer.alloc(50_000, 0x42)]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vault/uploads',
      headers: { ...u.auth, 'tus-resumable': '1.0.0', 'upload-length': String(data.length), 'upload-metadata': `filename ${Buffer.from('tus.pdf').toString('base64')}` },
    });
    const location = created.headers.location as string;
    await sleep(200);
    const fds = openFds();
    const sent = 30_000;
    const socket = net.connect(port, '127.0.0.1');
    cleanup.push(socket);
    await new Promise((r) => socket.once('connect', r));
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    socket.write(
      [`PATCH ${location} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: ${u.auth.authorization}`, 'Tus-Resumable: 1.0.0', 'Upload-Offset: 0', 'Content-Type: application/offset+octet-stream', `Content-Length: ${data.length}`].join('\r\n') + '\r\n\r\n',
    );
    await new Promise((r) => socket.write(data.subarray(0, sent), r));
    expect(await until(() => closed, STALL_SECONDS * 1000 + 3000)).toBe(true);
    expect(await until(() => openFds() <= fds, 2000)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...u.auth, 'tus-resumable': '1.0.0' } });
    expect(head.headers['upload-offset']).toBe(String(sent));
    const last = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...u.auth, 'tus-resumable': '1.0.0', 'upload-offset': String(sent), 'content-type': 'application/offset+octet-stream' },
      payload: data.subarray(sent),
    });
    expect(last.statusCode).toBe(204);
  });
});
