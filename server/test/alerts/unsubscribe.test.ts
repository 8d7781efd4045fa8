import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { startSmtpServer, type SmtpTestServer } from '../auth/support/smtp';
import { resolveSecret } from '../../src/http/session';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeTokens } from '../../src/alerts/unsubscribe';
import { renderDigest } from '../../src/alerts/mail';
import { smtpMailer } from '../../src/mail';

// The unsubscribe link as mail clients use it (RFC 8058 one-click: a POST to the link itself, with or
// without a body, form-encoded or multipart) and its expiry; the digest's List-Unsubscribe headers
// through the project's real SMTP test server.
jest.setTimeout(120_000);
let t: TestApp;
let smtp: SmtpTestServer;
let tokens: ReturnType<typeof unsubscribeTokens>;
let user: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ mail: { smtpUrl: smtp.url, from: 'OncoDesk <no-reply@test.local>' } });
  tokens = unsubscribeTokens(resolveSecret(null, t.config.dataDir));
  user = await signUpVerified(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const link = (token: string) => `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
const post = (url: string, headers: Record<string, string> = {}, payload?: string | Buffer) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });

describe('one-click unsubscribe (RFC 8058)', () => {
  it('works as a POST to the link with no body at all', async () => {
    const res = await post(link(await tokens.sign({ userId: user.userId, patientId: null })));
    expect([res.statusCode, res.json()]).toEqual([200, { scope: 'all', turnedOff: 0 }]);
  });

  it('works with an empty form body and with an empty JSON body', async () => {
    const token = await tokens.sign({ userId: user.userId, patientId: null });
    expect((await post(link(token), { 'content-type': 'application/x-www-form-urlencoded' }, '')).statusCode).toBe(200);
    expect((await post(link(token), { 'content-type': 'application/json' }, '')).statusCode).toBe(200);
  });

  it('works as multipart/form-data, with the token in the link or in the form', async () => {
    const token = await tokens.sign({ userId: user.userId, patientId: null });
    const boundary = '----oncodesk-test';
    const form = (fields: Record<string, string>) =>
      Buffer.from(Object.entries(fields).map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const inLink = await post(link(token), headers, form({ 'List-Unsubscribe': 'One-Click' }));
    expect([inLink.statusCode, inLink.json()]).toEqual([200, { scope: 'all', turnedOff: 0 }]);
    const inForm = await post('/api/alerts/unsubscribe', headers, form({ token }));
    expect(inForm.statusCode).toBe(200);
  });

  it('a POST without any token is refused in the API shape, changing nothing', async () => {
    const res = await post('/api/alerts/unsubscribe', { 'accept-language': 'es' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_link');
    expect(res.json().error.message).toBeTruthy();
  });
});

describe('unsubscribe links expire', () => {
  it(`a link older than ${UNSUBSCRIBE_LINK_DAYS} days is invalid; a fresh one works`, async () => {
    const claim = { userId: user.userId, patientId: null };
    const old = await tokens.sign(claim, Date.now() - (UNSUBSCRIBE_LINK_DAYS * 86_400 + 60) * 1000);
    const res = await post(link(old));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_link');
    const page = await t.app.inject({ method: 'GET', url: link(old), headers: { accept: 'text/html' } });
    expect(page.body).toContain('unsubscribe-invalid');
    const nearlyOld = await tokens.sign(claim, Date.now() - (UNSUBSCRIBE_LINK_DAYS * 86_400 - 3600) * 1000);
    expect((await post(link(nearlyOld))).statusCode).toBe(200);
  });

  it('links of the format before JWTs (hand-made HMAC): refused without an expiry, read until they expire', async () => {
    const crypto = await import('node:crypto');
    const key = crypto.createHmac('sha256', resolveSecret(null, t.config.dataDir)).update('oncodesk alerts unsubscribe v1').digest();
    const legacy = (claim: Record<string, unknown>) => {
      const p = Buffer.from(JSON.stringify(claim)).toString('base64url');
      return `${p}.${crypto.createHmac('sha256', key).update(p).digest('base64url')}`;
    };
    const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
    expect(await tokens.verify(legacy({ u: user.userId, p: null }))).toBeNull();
    expect(await tokens.verify(legacy({ u: user.userId, p: null, e: inSeconds(-1) }))).toBeNull();
    expect(await tokens.verify(legacy({ u: user.userId, p: null, e: inSeconds(3600) }))).toEqual({ userId: user.userId, patientId: null });
    // a signature with one of its first characters changed (each carries 6 whole bits; writing "AA" over the last two
    // left the bytes unchanged when they already decoded as zeros, about one signature in a thousand)
    const good = legacy({ u: user.userId, p: null, e: inSeconds(3600) });
    const at = good.indexOf('.') + 1;
    expect(await tokens.verify(`${good.slice(0, at)}${good[at] === 'A' ? 'B' : 'A'}${good.slice(at + 1)}`)).toBeNull();
    const fresh = await tokens.sign({ userId: user.userId, patientId: null });
    expect(await tokens.verify(fresh)).toEqual({ userId: user.userId, patientId: null });
  });
});

describe('digest mails carry List-Unsubscribe headers', () => {
  it('List-Unsubscribe names the stop-all link and List-Unsubscribe-Post asks for one click', async () => {
    const stopAll = `https://app.example.org${link(await tokens.sign({ userId: user.userId, patientId: null }))}`;
    const mail = renderDigest({ to: user.email, language: 'en', name: 'Ada', folders: [], unsubscribeAllLink: stopAll });
    const mailer = smtpMailer(smtp.url, 'OncoDesk <no-reply@test.local>', t.app.log);
    await mailer.send(mail);
    mailer.close?.();
    const received = await smtp.waitFor(user.email);
    expect(received.headers['list-unsubscribe']).toBe(`<${stopAll}>`);
    expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });
});
