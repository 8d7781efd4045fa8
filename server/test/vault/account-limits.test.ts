import fs from 'node:fs';
import path from 'node:path';
import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { startSmtpServer, type SmtpTestServer } from '../auth/support/smtp';
import { list, samples, upload } from './helpers';

// Limits per account (issue 24): share mails per hour and per day, the plan's vault quota, and the
// resumable uploads an account may hold open. Each refusal is 429/413 in the API's error shape,
// translated, and changes nothing. Share mails go through the project's real SMTP test server.
jest.setTimeout(120_000);
let t: TestApp;
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    mail: { smtpUrl: smtp.url, from: 'OncoDesk <no-reply@test.local>' },
    vault: { maxFileBytes: 64 * 1024, uploadExpiryHours: 24, s3: null, accountLimits: { shareMailsPerHour: 3, shareMailsPerDay: 5, openUploads: 2, openUploadBytes: 10_000 } },
    authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 },
  });
  // a plan of its own, so the quota can be small without touching the seeded plans
  await t.app.database.db.insertInto('plans').values({ id: 'tiny', name: 'Tiny', searches_per_period: 1, sort_order: 9 }).execute();
  await t.app.database.db.updateTable('plans').set({ vault_quota_bytes: String(3 * samples.pdf().length + 100) } as never).where('id', '=', 'tiny').execute();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const share = (auth: Record<string, string>, id: string, emails: string[], lang = 'en') =>
  t.app.inject({ method: 'POST', url: `/api/vault/items/${id}/shares`, headers: { ...auth, 'accept-language': lang }, payload: { emails } });
const mailsTo = (emails: string[]) => smtp.received.filter((m) => m.to.some((to) => emails.includes(to))).length;
const shareCount = async (userId: string) => (await t.app.database.db.selectFrom('vault_shares').select('id').where('owner_id', '=', userId).execute()).length;

describe('share mails per account', () => {
  it('refuses past the hour\'s allowance (429, Retry-After, translated), sending and storing nothing; then the day\'s', async () => {
    const u = await signUpVerified(t.app);
    const file = (await upload(t.app, u.auth, 'scan.pdf', samples.pdf())).json();
    const first = ['a1@example.org', 'a2@example.org'];
    expect((await share(u.auth, file.id, first)).statusCode).toBe(201);
    await smtp.waitFor('a2@example.org');

    const over = ['b1@example.org', 'b2@example.org'];
    const refused = await share(u.auth, file.id, over, 'es-ES');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('vault_share_mails_hour');
    expect(refused.json().error.message).toBe('Ha enviado tantos correos de compartir como se permiten en una hora. Inténtelo de nuevo más tarde.');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await shareCount(u.userId)).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(over)).toBe(0);
    // one more still fits the hour (3)
    expect((await share(u.auth, file.id, ['a3@example.org'])).statusCode).toBe(201);

    // an hour later (the window moved back): the day's allowance (5) is what is left: 2 more
    await t.app.database.db.updateTable('rate_limits').set({ expires_at: new Date(Date.now() - 1000) }).where('key', 'like', 'vault:share-mails:hour:%').execute();
    expect((await share(u.auth, file.id, ['c1@example.org', 'c2@example.org'])).statusCode).toBe(201);
    await t.app.database.db.updateTable('rate_limits').set({ expires_at: new Date(Date.now() - 1000) }).where('key', 'like', 'vault:share-mails:hour:%').execute();
    const day = await share(u.auth, file.id, ['d1@example.org'], 'it');
    expect(day.statusCode).toBe(429);
    expect(day.json().error.code).toBe('vault_share_mails_day');
    expect(day.json().error.message).toContain('Riprova domani');
    expect(await shareCount(u.userId)).toBe(5);
  });

  it('counts per account: another account is not limited by the first', async () => {
    const v = await signUpVerified(t.app);
    const file = (await upload(t.app, v.auth, 'other.pdf', samples.pdf())).json();
    expect((await share(v.auth, file.id, ['e1@example.org', 'e2@example.org', 'e3@example.org'])).statusCode).toBe(201);
    // a single request over the hour's allowance is refused whole
    const w = await signUpVerified(t.app);
    const wf = (await upload(t.app, w.auth, 'w.pdf', samples.pdf())).json();
    const tooMany = await share(w.auth, wf.id, ['f1@example.org', 'f2@example.org', 'f3@example.org', 'f4@example.org']);
    expect(tooMany.statusCode).toBe(429);
    expect(await shareCount(w.userId)).toBe(0);
  });
});

describe('vault quota per plan', () => {
  it('shows used and quota, refuses a file past the quota (413) and keeps nothing of it', async () => {
    const u = await signUpVerified(t.app);
    await t.app.database.db.updateTable('users').set({ plan_id: 'tiny' }).where('id', '=', u.userId).execute();
    const pdf = samples.pdf();
    const usage0 = (await t.app.inject({ url: '/api/vault/usage', headers: u.auth })).json();
    expect(usage0).toEqual({ usedBytes: 0, quotaBytes: 3 * pdf.length + 100, files: 0, folders: 0 });
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) expect((await upload(t.app, u.auth, name, pdf)).statusCode).toBe(201);
    const blobsBefore = fs.readdirSync(path.join(t.config.dataDir, 'vault')).length;
    const over = await t.app.inject({ method: 'POST', url: '/api/file', headers: { ...u.auth, ...multipartHeaders }, payload: multipartBody('d.pdf', pdf) });
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatchObject({ code: 'vault_quota_exceeded', message: expect.stringContaining("plan's storage is full") });
    expect((await list(t.app, u.auth)).items.map((i: { name: string }) => i.name).sort()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'vault')).length).toBe(blobsBefore);
    // a resumable upload that declares more than is left is refused before any byte
    const tus = await createTus(u.auth, 'e.pdf', 200);
    expect(tus.statusCode).toBe(413);
    expect(JSON.parse(tus.body).error.code).toBe('vault_quota_exceeded');
    // the seeded plans have their quotas
    const plans = await t.app.database.db.selectFrom('plans').select(['id', 'vault_quota_bytes']).where('id', 'in', ['free', 'pro', 'enterprise']).orderBy('sort_order').execute();
    expect(plans.map((p) => [p.id, Number(p.vault_quota_bytes)])).toEqual([['free', 1024 ** 3], ['pro', 20 * 1024 ** 3], ['enterprise', 200 * 1024 ** 3]]);
  });
});

const boundary = '----quota-test';
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${boundary}` };
const multipartBody = (name: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);

const b64 = (s: string) => Buffer.from(s).toString('base64');
const tusHeaders = { 'tus-resumable': '1.0.0' };
const createTus = (auth: Record<string, string>, name: string, length: number | null, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/vault/uploads',
    headers: { ...auth, ...tusHeaders, 'accept-language': lang, ...(length === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }), 'upload-metadata': `filename ${b64(name)}` },
  });

describe('open resumable uploads per account', () => {
  it('caps how many are open (429) and the bytes they declare (413); a cancelled or finished one no longer counts', async () => {
    const u = await signUpVerified(t.app);
    const a = await createTus(u.auth, 'a.pdf', 4000);
    const b = await createTus(u.auth, 'b.pdf', 4000);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const third = await createTus(u.auth, 'c.pdf', 100, 'it');
    expect(third.statusCode).toBe(429);
    expect(JSON.parse(third.body).error).toEqual({ code: 'vault_uploads_too_many', message: expect.stringContaining('troppi caricamenti non terminati') });
    // another account is not affected
    const v = await signUpVerified(t.app);
    expect((await createTus(v.auth, 'v.pdf', 100)).statusCode).toBe(201);

    // cancelling one frees its place, but 4000 + 7000 declared bytes pass the 10,000 cap
    const del = await t.app.inject({ method: 'DELETE', url: b.headers.location as string, headers: { ...u.auth, ...tusHeaders } });
    expect(del.statusCode).toBe(204);
    const big = await createTus(u.auth, 'big.pdf', 7000);
    expect(big.statusCode).toBe(413);
    expect(JSON.parse(big.body).error.code).toBe('vault_uploads_too_large');
    // a deferred length counts as the largest file (64 KiB here): past the cap
    expect((await createTus(u.auth, 'deferred.pdf', null)).statusCode).toBe(413);

    // finishing an upload frees its place and bytes
    const pdf = samples.pdf();
    const small = await createTus(u.auth, 'small.pdf', pdf.length);
    expect(small.statusCode).toBe(201);
    expect((await createTus(u.auth, 'x.pdf', 10)).statusCode).toBe(429);
    const done = await t.app.inject({ method: 'PATCH', url: small.headers.location as string, headers: { ...u.auth, ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: pdf });
    expect(done.statusCode).toBe(204);
    expect((await createTus(u.auth, 'y.pdf', 10)).statusCode).toBe(201);
  });
});
