import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { localBlobStore } from '../../src/vault/blobs/local';
import { s3BlobStore } from '../../src/vault/blobs/s3';
import type { BlobStore } from '../../src/vault/blobs';
import { requestedRange, RangeNotSatisfiable } from '../../src/vault/range';
import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { outbox, samples, upload } from './helpers';

describe('requestedRange', () => {
  const etag = '"abc"';
  it.each([
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=10-19', { start: 10, end: 19 }],
    ['bytes=10-', { start: 10, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['Bytes = 5 - 6', { start: 5, end: 6 }],
    ['bytes=0-99999999999999999999999', { start: 0, end: 99 }],
  ])('%s of 100 bytes -> %j', (header, expected) => {
    expect(requestedRange(header, undefined, 100, etag)).toEqual(expected);
  });

  it.each([undefined, '', 'bytes=', 'bytes=-', 'bytes=5-2', 'bytes=0-1,5-6', 'items=0-1', 'bytes=a-b', 'bytes=1.5-2'])('serves the whole file for %j', (header) => {
    expect(requestedRange(header, undefined, 100, etag)).toBeNull();
  });

  it.each([['bytes=100-'], ['bytes=100-200'], ['bytes=-0']])('refuses %s of 100 bytes as not satisfiable', (header) => {
    expect(() => requestedRange(header, undefined, 100, etag)).toThrow(RangeNotSatisfiable);
  });

  it('nothing of an empty file is satisfiable', () => {
    expect(() => requestedRange('bytes=0-', undefined, 0, etag)).toThrow(RangeNotSatisfiable);
    expect(() => requestedRange('bytes=-5', undefined, 0, etag)).toThrow(RangeNotSatisfiable);
  });

  it('honours If-Range only when it is the current ETag', () => {
    expect(requestedRange('bytes=1-2', '"abc"', 100, etag)).toEqual({ start: 1, end: 2 });
    expect(requestedRange('bytes=1-2', '"old"', 100, etag)).toBeNull();
    expect(requestedRange('bytes=1-2', 'W/"abc"', 100, etag)).toBeNull();
    expect(requestedRange('bytes=1-2', 'Sat, 21 Nov 2026 08:00:00 GMT', 100, etag)).toBeNull();
  });
});

describe('ranged downloads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
  });
  afterAll(async () => t.close());

  const data = Buffer.concat([samples.pdf(), crypto.randomBytes(3 * 1024 * 1024 + 17)]);

  it('serves the whole file with Accept-Ranges and an ETag, and any single range as 206', async () => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'big.pdf', data)).json();
    const url = `/api/vault/items/${file.id}/download`;
    const whole = await t.app.inject({ method: 'GET', url, headers: u.auth });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: { ...u.auth, ...headers } });
    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      ['bytes=1048575-1048577', 1048575, 1048577],
      ['bytes=2000000-', 2000000, data.length - 1],
      ['bytes=-100', data.length - 100, data.length - 1],
    ] as const) {
      const res = await get({ range });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${data.length}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers.etag).toBe(etag);
      expect(res.rawPayload.equals(data.subarray(start, end + 1))).toBe(true);
    }

    // Resuming with If-Range: the range when the ETag still matches, else the whole file.
    const resumed = await get({ range: 'bytes=3000000-', 'if-range': etag });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload.equals(data.subarray(3000000))).toBe(true);
    const changed = await get({ range: 'bytes=3000000-', 'if-range': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(data)).toBe(true);

    // HEAD: the same headers, the real size, no body.
    const head = await t.app.inject({ method: 'HEAD', url, headers: { ...u.auth, range: 'bytes=10-19' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('10');
    expect(head.headers['content-range']).toBe(`bytes 10-19/${data.length}`);
    expect(head.rawPayload.length).toBe(0);
    const headWhole = await t.app.inject({ method: 'HEAD', url, headers: u.auth });
    expect([headWhole.statusCode, headWhole.headers['content-length'], headWhole.headers.etag]).toEqual([200, String(data.length), etag]);

    // Several ranges: the whole file (allowed, and simpler than multipart/byteranges).
    const multi = await get({ range: 'bytes=0-1,5-6' });
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.length).toBe(data.length);

    // Past the end: 416 with the size.
    const past = await get({ range: `bytes=${data.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
    expect(past.json()).toMatchObject({ error: { code: 'range_not_satisfiable', message: expect.any(String) } });

    // Another file has another ETag; the zip of a folder is not ranged.
    const other = (await upload(t.app, u.auth, 'other.pdf', data)).json();
    const otherRes = await t.app.inject({ method: 'GET', url: `/api/vault/items/${other.id}/download`, headers: { ...u.auth, range: 'bytes=0-0' } });
    expect(otherRes.headers.etag).not.toBe(etag);
  });

  it('ranges work through a ticket and on a shared link signed out; ranges do not bypass access checks', async () => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'shared.pdf', data)).json();
    const { ticket } = (await t.app.inject({ method: 'POST', url: `/api/vault/items/${file.id}/ticket`, headers: u.auth })).json();
    const viaTicket = await t.app.inject({ method: 'GET', url: `/api/vault/items/${file.id}/download?ticket=${ticket}`, headers: { range: 'bytes=10-19' } });
    expect(viaTicket.statusCode).toBe(206);
    expect(viaTicket.rawPayload.equals(data.subarray(10, 20))).toBe(true);

    expect((await t.app.inject({ method: 'POST', url: `/api/vault/items/${file.id}/shares`, headers: u.auth, payload: { emails: ['range@example.org'] } })).statusCode).toBe(201);
    const mail = outbox(t.config.dataDir).filter((m) => m.to === 'range@example.org').pop();
    const token = /\/download\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1];
    const shared = await t.app.inject({ method: 'GET', url: `/api/vault/public/${token}/download`, headers: { range: 'bytes=-5' } });
    expect(shared.statusCode).toBe(206);
    expect(shared.headers['content-range']).toBe(`bytes ${data.length - 5}-${data.length - 1}/${data.length}`);
    expect(shared.rawPayload.equals(data.subarray(-5))).toBe(true);

    // Someone else's file, or no session: the same 404/401 as without a Range.
    const v = await signUpVerified(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${file.id}/download`, headers: { ...v.auth, range: 'bytes=0-0' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${file.id}/download`, headers: { range: `bytes=${data.length}-` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/vault/items/${crypto.randomUUID()}/download`, headers: { ...u.auth, range: `bytes=${data.length}-` } })).statusCode).toBe(404);
  });
});

describe('blob stores read ranges', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-range-'));
  let s3: { close(): Promise<void> };
  let stores: [string, BlobStore][];
  beforeAll(async () => {
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'vault', configs: [] }] });
    const { port } = (await server.run()) as { port: number };
    s3 = server;
    const s3Store = s3BlobStore({ endpoint: `http://127.0.0.1:${port}`, bucket: 'vault', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'range/' });
    stores = [
      ['local', localBlobStore(path.join(dir, 'local'))],
      ['s3', s3Store],
    ];
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('local and S3 stores return exactly the bytes asked for', async () => {
    const data = crypto.randomBytes(2 * 1024 * 1024 + 5);
    for (const [name, store] of stores) {
      const key = crypto.randomUUID();
      await store.stage(key, Readable.from([data]));
      await store.commit(key);
      // (Not 0-0: s3rver, the test double, reads an end of 0 as no end.)
      for (const [start, end] of [[0, 1], [1, 1048576], [2 * 1024 * 1024, data.length - 1]]) {
        const chunks: Buffer[] = [];
        for await (const c of await store.read(key, { start, end })) chunks.push(c as Buffer);
        expect([name, Buffer.concat(chunks).equals(data.subarray(start, end + 1))]).toEqual([name, true]);
      }
    }
  });
});
