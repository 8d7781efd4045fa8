import { Wallet } from 'ethers';
import { startTestApp, signUp, uniqueEmail, goodPassword, type TestApp } from '../support/app';
import { startSmtpServer, tokenFrom, type SmtpTestServer } from '../auth/support/smtp';
import { signedSiwe } from '../auth/support/siwe';
import { snapshot } from '../auth/support/db';

let t: TestApp;
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    mail: { smtpUrl: smtp.url, from: 'OncoDesk <no-reply@test.local>' },
    publicUrl: 'https://app.example.org',
    authRateLimit: { perIpPerMinute: 100_000, perAccountPer15Min: 100_000 },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.app.database.db;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const me = (jwt: string) => get('/api/user', { authorization: `Bearer ${jwt}` });
const clearCooldowns = () => db().updateTable('mail_cooldowns').set({ sent_at: new Date(Date.now() - 61_000) }).execute();

describe('sign-up and sign-in', () => {
  it('POST /signup makes the account REST signs in to, and POST /auth/email signs in to REST accounts', async () => {
    const email = uniqueEmail('compat');
    const res = await post('/api/signup', { email: email.toUpperCase(), password: goodPassword, nickname: 'Dr Bianchi', language: 'it-IT' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, nickname: 'Dr Bianchi', language: 'it-IT', emailVerified: false });
    expect((await me(res.json().jwt)).json().id).toBe(res.json().user.id);
    // The same account through REST, and REST's own rule for a second sign-up.
    const rest = await post('/api/auth/signin', { email, password: goodPassword });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().user.id).toBe(res.json().user.id);
    expect((await get(`/api/email/exists/${encodeURIComponent(email)}`)).json()).toEqual({ exists: true });
    const again = await post('/api/signup', { email, password: goodPassword });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'email_taken', message: 'This email is already registered, please try with another one.' });
    // The verification mail went out as for a REST sign-up.
    expect((await smtp.waitFor(email, { subject: /verif/i })).text).toContain('https://app.example.org/verification?token=');

    const restUser = await signUp(t.app);
    const signedIn = await post('/api/auth/email', { email: restUser.email, password: goodPassword });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(restUser.userId);
    expect((await me(signedIn.json().jwt)).statusCode).toBe(200);
    // A new session, listed like any other.
    const sessions = (await get('/api/auth/sessions', restUser.auth)).json().sessions;
    expect(sessions).toHaveLength(2);

    const wrong = await post('/api/auth/email', { email: restUser.email, password: 'Wrong-123' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: 'invalid_credentials', message: 'Invalid password or email, please try again' });
    const unknown = await post('/api/auth/email', { email: uniqueEmail('nobody'), password: goodPassword }, { 'accept-language': 'es' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('account_not_found');
    expect(unknown.json().error.message).not.toBe('Invalid email or non-existing account'); // translated
  });
});

describe('verification', () => {
  it('GET /verify-registration-token verifies once; GET /signup/send-email resends with the cooldown', async () => {
    const email = uniqueEmail('verify');
    const { jwt } = (await post('/api/signup', { email, password: goodPassword })).json();
    const first = await smtp.waitFor(email);

    // Right after sign-up a resend is too soon (the REST cooldown).
    const soon = await get(`/api/signup/send-email?${q({ email })}`);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.code).toBe('verification_too_soon');
    await clearCooldowns();
    const count = smtp.countTo(email);
    const resent = await get(`/api/signup/send-email?${q({ email })}`);
    expect(resent.statusCode).toBe(204);
    const second = await smtp.waitFor(email, { after: smtp.received.length - 1 });
    expect(smtp.countTo(email)).toBe(count + 1);
    // Unknown addresses get the same silent success as through REST.
    expect((await get(`/api/signup/send-email?${q({ email: uniqueEmail('ghost') })}`)).statusCode).toBe(204);

    const token = tokenFrom(second, '/verification');
    const ok = await get(`/api/verify-registration-token?${q({ token })}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email });
    expect((await me(jwt)).json().emailVerified).toBe(true);
    // Single use, whichever route tries again.
    const reused = await get(`/api/verify-registration-token?${q({ token })}`);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid_link');
    expect((await post('/api/auth/verify-email', { token })).json().error.code).toBe('invalid_link');
    // The first link was issued before; REST consumes it the same way (it is still valid).
    expect((await post('/api/auth/verify-email', { token: tokenFrom(first, '/verification') })).statusCode).toBe(200);
  });
});

describe('recovery', () => {
  it('POST /user/recover/password mails a link, POST /user/reset/password sets the password and ends every session', async () => {
    const u = await signUp(t.app);
    await clearCooldowns();
    const res = await post('/api/user/recover/password', { email: u.email });
    expect(res.statusCode).toBe(204);
    const mail = await smtp.waitFor(u.email, { subject: /password/i });
    const soon = await post('/api/user/recover/password', { email: u.email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.code).toBe('recovery_too_soon');
    const unknown = await post('/api/user/recover/password', { email: uniqueEmail('ghost') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('account_not_found');

    const token = tokenFrom(mail, '/recover-pass');
    const weak = await post('/api/user/reset/password', { token, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual([expect.objectContaining({ path: 'password', code: 'password_weak' })]);
    const reset = await post('/api/user/reset/password', { token, password: 'New-Secret-9' });
    expect(reset.statusCode).toBe(204);
    expect((await me(u.jwt)).statusCode).toBe(401); // the session from before the reset is over
    expect((await post('/api/auth/signin', { email: u.email, password: goodPassword })).statusCode).toBe(401);
    expect((await post('/api/auth/email', { email: u.email, password: 'New-Secret-9' })).statusCode).toBe(200);
    const reused = await post('/api/user/reset/password', { token, password: 'Other-Secret-9' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid_link');
  });
});

describe('POST /user/link (wallet)', () => {
  it('signs a wallet in to the same account as the REST wallet sign-in, once per nonce', async () => {
    const wallet = Wallet.createRandom();
    const signed = await signedSiwe(t.app, wallet);
    const res = await post('/api/user/link', { message: signed.message, signature: signed.signature });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ walletAddress: wallet.address, email: null });
    const rest = await post('/api/auth/wallet/signin', await signedSiwe(t.app, wallet));
    expect(rest.json().user.id).toBe(res.json().user.id);
    expect((await me(res.json().jwt)).statusCode).toBe(200);

    const before = await snapshot(t);
    const replay = await post('/api/user/link', { message: signed.message, signature: signed.signature });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('wallet_nonce_invalid');
    const other = Wallet.createRandom();
    const forged = await signedSiwe(t.app, wallet);
    const wrongSigner = await post('/api/user/link', { message: forged.message, signature: await other.signMessage(forged.message) });
    expect(wrongSigner.statusCode).toBe(401);
    expect(wrongSigner.json().error.code).toBe('wallet_signature_invalid');
    const foreign = await signedSiwe(t.app, wallet, { domain: 'evil.example.com' });
    expect((await post('/api/user/link', { message: foreign.message, signature: foreign.signature })).json().error.code).toBe('wallet_domain_mismatch');
    expect(await snapshot(t)).toEqual({ ...before, wallet_nonces: (await snapshot(t)).wallet_nonces });
  });

  it('is 404 when wallet sign-in is switched off, like the REST route', async () => {
    const off = await startTestApp({ wallet: false });
    try {
      const res = await off.app.inject({ method: 'POST', url: '/api/user/link', payload: { message: 'x', signature: `0x${'ab'.repeat(65)}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect((await off.app.inject({ method: 'POST', url: '/api/auth/wallet/signin', payload: { message: 'x', signature: `0x${'ab'.repeat(65)}` } })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('bad input', () => {
  it('is a 400 in the error shape with the REST contracts’ codes, and changes no account table', async () => {
    const u = await signUp(t.app);
    const before = await snapshot(t);
    const token = 'A'.repeat(43);
    // [method, url, body, field path, field code]
    const cases: [string, string, unknown, string | null, string | null][] = [
      ['POST', '/api/signup', {}, 'email', 'required'],
      ['POST', '/api/signup', { email: 'not-an-email', password: goodPassword }, 'email', 'email_invalid'],
      ['POST', '/api/signup', { email: uniqueEmail(), password: 'short' }, 'password', 'password_weak'],
      ['POST', '/api/signup', { email: uniqueEmail(), password: goodPassword, nickname: 'Eve\r\nBcc: x@example.org' }, 'nickname', 'text_invalid_chars'],
      ['POST', '/api/signup', { email: uniqueEmail(), password: goodPassword, nickname: '\u202eevE' }, 'nickname', 'text_invalid_chars'],
      ['POST', '/api/signup', { email: `a\u0000${uniqueEmail()}`, password: goodPassword }, 'email', 'invalid_characters'],
      ['POST', '/api/signup', { email: uniqueEmail(), password: goodPassword, language: 'xx' }, 'language', null],
      ['POST', '/api/signup', { email: `${'a'.repeat(250)}@example.org`, password: goodPassword }, 'email', 'email_invalid'],
      ['POST', '/api/signup', { email: uniqueEmail(), password: `${'A1!'.repeat(50)}` }, 'password', 'too_long'],
      ['POST', '/api/signup', [], null, null],
      ['POST', '/api/auth/email', { email: u.email }, 'password', 'required'],
      ['POST', '/api/auth/email', { email: u.email, password: { $ne: '' } }, 'password', null],
      ['POST', '/api/auth/email', { email: ['a@example.org'], password: goodPassword }, 'email', null],
      ['GET', '/api/signup/send-email', undefined, 'email', 'required'],
      ['GET', '/api/signup/send-email?email=nope', undefined, 'email', 'email_invalid'],
      ['GET', `/api/signup/send-email?email=${encodeURIComponent(u.email)}%00`, undefined, 'email', 'invalid_characters'],
      ['GET', '/api/verify-registration-token', undefined, 'token', 'invalid_link'],
      ['GET', '/api/verify-registration-token?token=short', undefined, 'token', 'invalid_link'],
      ['GET', `/api/verify-registration-token?token=${token}%00`, undefined, 'token', 'invalid_characters'],
      ['GET', `/api/verify-registration-token?token=${'A'.repeat(42)}%2F`, undefined, 'token', 'invalid_link'],
      ['POST', '/api/user/recover/password', {}, 'email', 'required'],
      ['POST', '/api/user/recover/password', { email: 'x@' }, 'email', 'email_invalid'],
      ['POST', '/api/user/reset/password', { token, password: 'weak' }, 'password', 'password_weak'],
      ['POST', '/api/user/reset/password', { token: '../../etc', password: goodPassword }, 'token', 'invalid_link'],
      ['POST', '/api/user/reset/password', { password: goodPassword }, 'token', 'invalid_link'],
      ['POST', '/api/user/link', { message: '', signature: '0x00' }, 'message', 'required'],
      ['POST', '/api/user/link', { message: 'hello', signature: 'nope' }, 'signature', 'wallet_signature_invalid'],
      ['POST', '/api/user/link', { message: 'x'.repeat(2001), signature: `0x${'ab'.repeat(65)}` }, 'message', 'too_long'],
    ];
    for (const [method, url, payload, fieldPath, fieldCode] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect([method, url, res.statusCode, res.json().error?.code]).toEqual([method, url, 400, 'validation_failed']);
      expect(res.json().error.message).toBe('Some fields are not valid. Please check them and try again.');
      if (fieldPath) {
        const field = res.json().error.fields?.[0];
        expect([url, field?.path]).toEqual([url, fieldPath]);
        if (fieldCode) expect([url, field?.code, typeof field?.message]).toEqual([url, fieldCode, 'string']);
      }
    }
    // A wellformed token that was never issued: the REST invalid_link.
    const unknownToken = await get(`/api/verify-registration-token?${q({ token })}`);
    expect(unknownToken.statusCode).toBe(400);
    expect(unknownToken.json().error.code).toBe('invalid_link');
    const unknownReset = await post('/api/user/reset/password', { token, password: goodPassword });
    expect(unknownReset.json().error.code).toBe('invalid_link');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('OpenAPI', () => {
  it('documents every call of the spec under the compatibility tag', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { tags?: string[]; description?: string; security?: unknown[] }>> };
    const calls: [string, string, boolean][] = [
      ['post', '/api/user/link', false],
      ['get', '/api/directory/{name}', true],
      ['get', '/api/directory', true],
      ['post', '/api/directory', true],
      ['put', '/api/directory/rename', true],
      ['delete', '/api/directory', true],
      ['put', '/api/file/rename', true],
      ['delete', '/api/file', true],
      ['post', '/api/file/move', true],
      ['get', '/api/download/file', true],
      ['get', '/api/download/directory', true],
      ['get', '/api/share', false],
      ['post', '/api/share', true],
      ['post', '/api/auth/email', false],
      ['post', '/api/signup', false],
      ['get', '/api/signup/send-email', false],
      ['get', '/api/verify-registration-token', false],
      ['post', '/api/user/recover/password', false],
      ['post', '/api/user/reset/password', false],
    ];
    for (const [method, path, signedIn] of calls) {
      const op = doc.paths[path]?.[method];
      expect([method, path, op?.tags]).toEqual([method, path, ['compatibility']]);
      expect(op!.description).toMatch(/the same as `(GET|POST|PUT|PATCH|DELETE) \/api\//);
      expect([path, Boolean(op!.security?.length)]).toEqual([path, signedIn]);
    }
    const tagged = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op.tags?.includes('compatibility')).map(([m]) => `${m} ${path}`));
    expect(tagged.sort()).toEqual(calls.map(([m, p]) => `${m} ${p}`).sort());
    // The query parameters of the spec are documented.
    const params = (doc.paths['/api/download/directory'].get as unknown as { parameters: { name: string }[] }).parameters.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['userId', 'directoryName', 'path']));
  });
});
