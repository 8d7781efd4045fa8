import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
// s3rver: an S3-compatible server from npm (dev dependency), so the S3 store runs against a real S3 API.
import S3rver from 's3rver';
import { s3BlobStore, type S3BlobConfig } from '../../src/vault/blobs/s3';
import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { samples, upload, zipEntries, folder } from './helpers';

let s3: { close(): Promise<void> };
let config: S3BlobConfig;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));

beforeAll(async () => {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'vault', configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  s3 = server;
  config = { endpoint: `http://127.0.0.1:${port}`, bucket: 'vault', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'test/' };
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('S3 blob store (against s3rver)', () => {
  it('stages a multipart upload, reads it back, lists and deletes it', async () => {
    const store = s3BlobStore(config);
    const key = crypto.randomUUID();
    // 12 MB: more than one 8 MB part, so lib-storage's multipart path is used.
    const data = crypto.randomBytes(12 * 1024 * 1024);
    const { size } = await store.stage(key, Readable.from([data.subarray(0, 5_000_000), data.subarray(5_000_000)]));
    expect(size).toBe(data.length);
    await store.commit(key);
    expect((await bytesOf(await store.read(key))).equals(data)).toBe(true);
    const listed: string[] = [];
    for await (const b of store.list()) listed.push(b.key);
    expect(listed).toContain(key);
    await store.delete(key);
    await expect(store.read(key)).rejects.toBeDefined();
  });

  it('refuses keys that are not server-made ids', async () => {
    const store = s3BlobStore(config);
    await expect(store.stage('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow('invalid blob key');
  });
});

describe('the vault on S3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ vault: { maxFileBytes: 1024 * 1024, uploadExpiryHours: 24, s3: { ...config, prefix: 'app/' } }, authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
  });
  afterAll(async () => t.close());

  it('uploads, downloads, zips and deletes with the bytes in the bucket, never on local disk', async () => {
    const u = await signUpVerified(t.app);
    const f = await folder(t.app, u.auth, 'Cloud');
    const data = samples.pdf();
    const res = await upload(t.app, u.auth, 'cloud.pdf', data, f.id);
    expect(res.statusCode).toBe(201);
    const dl = await t.app.inject({ method: 'GET', url: `/api/vault/items/${res.json().id}/download`, headers: u.auth });
    expect(dl.rawPayload.equals(data)).toBe(true);
    const zip = await t.app.inject({ method: 'GET', url: `/api/vault/items/${f.id}/zip`, headers: u.auth });
    expect(zipEntries(zip.rawPayload).map((e) => e.name)).toEqual(['Cloud/', 'Cloud/cloud.pdf']);
    expect(fs.existsSync(path.join(t.config.dataDir, 'vault', 'blobs'))).toBe(false);
    const store = s3BlobStore({ ...config, prefix: 'app/' });
    const before: string[] = [];
    for await (const b of store.list()) before.push(b.key);
    expect(before).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vault/items/${f.id}`, headers: u.auth })).statusCode).toBe(204);
    const after: string[] = [];
    for await (const b of store.list()) after.push(b.key);
    expect(after).toEqual([]);
  });

  it('refuses wrong content without leaving an object behind', async () => {
    const u = await signUpVerified(t.app);
    const res = await upload(t.app, u.auth, 'fake.pdf', samples.png());
    expect(res.statusCode).toBe(415);
    const store = s3BlobStore({ ...config, prefix: 'app/' });
    const keys: string[] = [];
    for await (const b of store.list()) keys.push(b.key);
    expect(keys).toEqual([]);
  });
});
