import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { blobFiles, list, samples } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ vault: { maxFileBytes: 64 * 1024, uploadExpiryHours: 24, s3: null }, authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
});
afterAll(async () => t.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');
const tusHeaders = { 'tus-resumable': '1.0.0' };

async function create(auth: Record<string, string>, name: string, length: number, parentId?: string) {
  const meta = [`filename ${b64(name)}`, ...(parentId ? [`parentId ${b64(parentId)}`] : [])].join(',');
  return t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...auth, ...tusHeaders, 'upload-length': String(length), 'upload-metadata': meta } });
}
const patch = (auth: Record<string, string>, location: string, offset: number, chunk: Buffer) =>
  t.app.inject({ method: 'PATCH', url: location, headers: { ...auth, ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, payload: chunk });

describe('resumable uploads (tus)', () => {
  it('accepts a file in pieces, resumes from the offset the server reports, and lists it only when complete', async () => {
    const u = await signUpVerified(t.app);
    const data = Buffer.concat([samples.pdf(), Buffer.alloc(3000, 0x41)]);
    const created = await create(u.auth, 'resumed.pdf', data.length);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/vault\/uploads\/[0-9a-f]+$/);
    expect((await patch(u.auth, location, 0, data.subarray(0, 1000))).statusCode).toBe(204);
    // A half-finished upload is not a file.
    expect((await list(t.app, u.auth)).items).toEqual([]);
    // "Reload": ask where to resume.
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...u.auth, ...tusHeaders } });
    expect(head.headers['upload-offset']).toBe('1000');
    // A wrong offset is refused by the protocol (409), not stored.
    expect((await patch(u.auth, location, 500, data.subarray(500))).statusCode).toBe(409);
    const last = await patch(u.auth, location, 1000, data.subarray(1000));
    expect(last.statusCode).toBe(204);
    const id = last.headers['upload-item-id'] as string;
    const items = (await list(t.app, u.auth)).items;
    expect(items).toEqual([expect.objectContaining({ id, name: 'resumed.pdf', size: data.length, fileType: 'pdf' })]);
    const dl = await t.app.inject({ method: 'GET', url: `/api/vault/items/${id}/download`, headers: u.auth });
    expect(dl.rawPayload.equals(data)).toBe(true);
    // The partial-upload files are gone.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'vault', 'tus'))).toEqual([]);
  });

  it('keeps every byte that arrived before a connection dropped mid-PATCH, in order, and resumes from there', async () => {
    const u = await signUpVerified(t.app);
    const data = Buffer.concat([samples.pdf(), crypto.randomBytes(60_000)]);
    const location = (await create(u.auth, 'dropped.pdf', data.length)).headers.location as string;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    // A real socket that announces the whole body, sends 40,000 bytes and is cut.
    const sent = 40_000;
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const headers = [`PATCH ${location} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: ${u.auth.authorization}`, 'Tus-Resumable: 1.0.0', 'Upload-Offset: 0', 'Content-Type: application/offset+octet-stream', `Content-Length: ${data.length}`];
    socket.write(`${headers.join('\r\n')}\r\n\r\n`);
    // cut as soon as the bytes are handed to the kernel: what the server still buffers must reach the file
    await new Promise((r) => socket.write(data.subarray(0, sent), r));
    socket.destroy();
    const offset = async () => Number((await t.app.inject({ method: 'HEAD', url: location, headers: { ...u.auth, ...tusHeaders } })).headers['upload-offset']);
    for (let i = 0; i < 100 && (await offset()) < sent; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    // Everything sent was stored, nothing more, and the upload is not a file yet.
    expect(await offset()).toBe(sent);
    expect((await list(t.app, u.auth)).items.some((i) => i.name === 'dropped.pdf')).toBe(false);
    const last = await patch(u.auth, location, sent, data.subarray(sent));
    expect(last.statusCode).toBe(204);
    const dl = await t.app.inject({ method: 'GET', url: `/api/vault/items/${last.headers['upload-item-id']}/download`, headers: u.auth });
    expect(dl.rawPayload.equals(data)).toBe(true);
  });

  it('refuses wrong content at the end (415), keeps nothing', async () => {
    const u = await signUpVerified(t.app);
    const blobs = blobFiles(t.config.dataDir).length;
    const data = samples.png();
    const created = await create(u.auth, 'fake.pdf', data.length);
    const res = await patch(u.auth, created.headers.location as string, 0, data);
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body).error.code).toBe('vault_unsupported_type');
    expect((await list(t.app, u.auth)).items).toEqual([]);
    expect(blobFiles(t.config.dataDir).length).toBe(blobs);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'vault', 'tus'))).toEqual([]);
  });

  it.each([
    ['too large', 'big.pdf', 64 * 1024 + 1, 413, 'vault_file_too_large'],
    ['an unsupported extension', 'x.exe', 10, 415, 'vault_unsupported_type'],
    ['a traversal name', '../x.pdf', 10, 400, 'vault_name_invalid_chars'],
    ['an overlong name', `${'n'.repeat(30)}.pdf`, 10, 400, 'vault_name_too_long'],
  ])('refuses to start an upload that is %s', async (_what, name, length, status, code) => {
    const u = await signUpVerified(t.app);
    const res = await create(u.auth, name, length);
    expect(res.statusCode).toBe(status);
    expect(JSON.parse(res.body).error.code).toBe(code);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'vault', 'tus')).length).toBe(0);
  });

  it("keeps one user's upload from another", async () => {
    const alice = await signUpVerified(t.app);
    const mallory = await signUpVerified(t.app);
    const data = samples.pdf();
    const created = await create(alice.auth, 'a.pdf', data.length);
    const location = created.headers.location as string;
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: { ...mallory.auth, ...tusHeaders } })).statusCode).toBe(404);
    expect((await patch(mallory.auth, location, 0, data)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: location, headers: { ...mallory.auth, ...tusHeaders } })).statusCode).toBe(404);
    expect((await list(t.app, mallory.auth)).items).toEqual([]);
    // Alice can still finish it.
    expect((await patch(alice.auth, location, 0, data)).statusCode).toBe(204);
    expect((await list(t.app, alice.auth)).items).toHaveLength(1);
  });

  it('ignores an ownerId smuggled into the metadata', async () => {
    const alice = await signUpVerified(t.app);
    const mallory = await signUpVerified(t.app);
    const data = samples.pdf();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vault/uploads',
      headers: { ...mallory.auth, ...tusHeaders, 'upload-length': String(data.length), 'upload-metadata': `filename ${b64('gift.pdf')},ownerId ${b64(alice.userId)}` },
    });
    await patch(mallory.auth, res.headers.location as string, 0, data);
    expect((await list(t.app, alice.auth)).items).toEqual([]);
    expect((await list(t.app, mallory.auth)).items.map((i) => i.name)).toEqual(['gift.pdf']);
  });
});
