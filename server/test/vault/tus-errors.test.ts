import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { samples } from './helpers';

/**
 * Every refusal of the resumable-upload routes carries the API's error shape `{ error: { code, message } }`,
 * translated by Accept-Language, while the tus protocol headers stay as tus clients expect them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ vault: { maxFileBytes: 64 * 1024, uploadExpiryHours: 24, s3: null }, authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
});
afterAll(async () => t.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');
const tus = { 'tus-resumable': '1.0.0' };
const octets = { 'content-type': 'application/offset+octet-stream' };

async function create(auth: Record<string, string>, length = samples.pdf().length) {
  const res = await t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...auth, ...tus, 'upload-length': String(length), 'upload-metadata': `filename ${b64('a.pdf')}` } });
  expect(res.statusCode).toBe(201);
  return res.headers.location as string;
}

/** The answer is JSON in the API's shape with this code, a message, and the tus version header. */
function expectApiError(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, code: string) {
  expect({ status: res.statusCode, body: res.body }).toEqual({ status, body: expect.any(String) });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.message).not.toBe('');
  expect(res.headers['tus-resumable']).toBe('1.0.0');
  return body.error;
}

describe('tus errors in the API shape', () => {
  it('412 without Tus-Resumable', async () => {
    const u = await signUpVerified(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...u.auth, 'upload-length': '10', 'upload-metadata': `filename ${b64('a.pdf')}` } });
    expectApiError(res, 412, 'vault_upload_protocol');
  });

  it('400 on an invalid protocol header (Upload-Length that is not a number, unknown Tus-Resumable)', async () => {
    const u = await signUpVerified(t.app);
    const bad = await t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...u.auth, ...tus, 'upload-length': 'ten', 'upload-metadata': `filename ${b64('a.pdf')}` } });
    expectApiError(bad, 400, 'vault_upload_headers_invalid');
    const version = await t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...u.auth, 'tus-resumable': '0.2.2', 'upload-length': '10', 'upload-metadata': `filename ${b64('a.pdf')}` } });
    expectApiError(version, 400, 'vault_upload_headers_invalid');
  });

  it('400 when a creation has neither Upload-Length nor Upload-Defer-Length, or metadata that does not parse', async () => {
    const u = await signUpVerified(t.app);
    const noLength = await t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...u.auth, ...tus, 'upload-metadata': `filename ${b64('a.pdf')}` } });
    expectApiError(noLength, 400, 'vault_upload_headers_invalid');
    const badMeta = await t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...u.auth, ...tus, 'upload-length': '10', 'upload-metadata': 'filename a b c,filename x' } });
    expectApiError(badMeta, 400, 'vault_upload_headers_invalid');
  });

  it('refuses a PATCH without Upload-Offset or with another content type (403 / 400, as tus answers)', async () => {
    const u = await signUpVerified(t.app);
    const location = await create(u.auth);
    const noOffset = await t.app.inject({ method: 'PATCH', url: location, headers: { ...u.auth, ...tus, ...octets }, payload: Buffer.from('x') });
    expectApiError(noOffset, 403, 'vault_upload_headers_invalid');
    const wrongType = await t.app.inject({ method: 'PATCH', url: location, headers: { ...u.auth, ...tus, 'upload-offset': '0', 'content-type': 'application/octet-stream' }, payload: Buffer.from('x') });
    expectApiError(wrongType, 400, 'vault_upload_headers_invalid');
  });

  it('409 on a wrong offset, with nothing stored', async () => {
    const u = await signUpVerified(t.app);
    const location = await create(u.auth);
    const res = await t.app.inject({ method: 'PATCH', url: location, headers: { ...u.auth, ...tus, ...octets, 'upload-offset': '5' }, payload: Buffer.from('abc') });
    expectApiError(res, 409, 'vault_upload_offset_conflict');
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...u.auth, ...tus } });
    expect(head.headers['upload-offset']).toBe('0');
  });

  it('413 for an upload over the limit, announced or sent', async () => {
    const u = await signUpVerified(t.app);
    const announced = await t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...u.auth, ...tus, 'upload-length': String(64 * 1024 + 1), 'upload-metadata': `filename ${b64('a.pdf')}` } });
    expectApiError(announced, 413, 'vault_file_too_large');
    // More bytes than the upload's length.
    const location = await create(u.auth, 10);
    const sent = await t.app.inject({ method: 'PATCH', url: location, headers: { ...u.auth, ...tus, ...octets, 'upload-offset': '0' }, payload: Buffer.alloc(20, 0x41) });
    expectApiError(sent, 413, 'vault_file_too_large');
  });

  it('404 for an unknown upload and for a malformed upload id', async () => {
    const u = await signUpVerified(t.app);
    for (const id of ['0123456789abcdef0123456789abcdef', '..%2F..%2Fetc', 'nothex']) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/vault/uploads/${id}`, headers: { ...u.auth, ...tus, ...octets, 'upload-offset': '0' }, payload: Buffer.from('x') });
      expectApiError(res, 404, 'not_found');
      const del = await t.app.inject({ method: 'DELETE', url: `/api/vault/uploads/${id}`, headers: { ...u.auth, ...tus } });
      expectApiError(del, 404, 'not_found');
      expect((await t.app.inject({ method: 'HEAD', url: `/api/vault/uploads/${id}`, headers: { ...u.auth, ...tus } })).statusCode).toBe(404);
    }
  });

  it("404 for another user's upload (it looks exactly like an unknown one)", async () => {
    const alice = await signUpVerified(t.app);
    const mallory = await signUpVerified(t.app);
    const location = await create(alice.auth);
    const res = await t.app.inject({ method: 'PATCH', url: location, headers: { ...mallory.auth, ...tus, ...octets, 'upload-offset': '0' }, payload: samples.pdf() });
    expectApiError(res, 404, 'not_found');
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: { ...mallory.auth, ...tus } })).statusCode).toBe(404);
  });

  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...tus, 'upload-length': '10', 'upload-metadata': `filename ${b64('a.pdf')}` } });
    expectApiError(res, 401, 'unauthorized');
  });

  it('501 for a concatenation request (not offered)', async () => {
    const u = await signUpVerified(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...u.auth, ...tus, 'upload-concat': 'partial', 'upload-length': '10' } });
    expectApiError(res, 501, 'vault_upload_unsupported');
  });

  it('translates the message (es, it), keeping the code', async () => {
    const u = await signUpVerified(t.app);
    const location = await create(u.auth);
    const messages = new Set<string>();
    for (const lang of ['en', 'es', 'it']) {
      const res = await t.app.inject({ method: 'PATCH', url: location, headers: { ...u.auth, ...tus, ...octets, 'upload-offset': '7', 'accept-language': lang }, payload: Buffer.from('abc') });
      messages.add(expectApiError(res, 409, 'vault_upload_offset_conflict').message);
    }
    expect(messages.size).toBe(3);
  });

  it('keeps the CORS and tus headers a browser client needs on an error', async () => {
    const u = await signUpVerified(t.app);
    const location = await create(u.auth);
    const res = await t.app.inject({ method: 'PATCH', url: location, headers: { ...u.auth, ...tus, ...octets, 'upload-offset': '9', origin: 'http://localhost:8080' }, payload: Buffer.from('abc') });
    expectApiError(res, 409, 'vault_upload_offset_conflict');
    expect(res.headers['access-control-expose-headers']).toEqual(expect.stringContaining('Upload-Offset'));
    expect(res.headers['access-control-allow-origin']).toBeDefined();
  });
});

describe('an expired upload', () => {
  let short: TestApp;
  beforeAll(async () => {
    // One second to live, so the test can see it pass.
    short = await startTestApp({ vault: { maxFileBytes: 64 * 1024, uploadExpiryHours: 1 / 3600, s3: null }, authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } });
  });
  afterAll(async () => short.close());

  it('is 410 with vault_upload_expired, and the sweep removes its bytes', async () => {
    const u = await signUpVerified(short.app);
    const created = await short.app.inject({ method: 'POST', url: '/api/vault/uploads', headers: { ...u.auth, ...tus, 'upload-length': '400', 'upload-metadata': `filename ${b64('late.pdf')}` } });
    const location = created.headers.location as string;
    expect(created.headers['upload-expires']).toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 1200));
    const res = await short.app.inject({ method: 'PATCH', url: location, headers: { ...u.auth, ...tus, ...octets, 'upload-offset': '0' }, payload: samples.pdf().subarray(0, 100) });
    expectApiError(res, 410, 'vault_upload_expired');
    const { uploadAreaFor } = await import('../../src/vault');
    expect(await uploadAreaFor(short.config).expire(new Date())).toBe(1);
    expect((await short.app.inject({ method: 'HEAD', url: location, headers: { ...u.auth, ...tus } })).statusCode).toBe(404);
  });
});
