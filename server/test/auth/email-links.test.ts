import Fastify from 'fastify';
import { startTestApp, signUp, uniqueEmail, goodPassword, type TestApp } from '../support/app';
import { startSmtpServer, tokenFrom, type SmtpTestServer } from './support/smtp';
import { snapshot } from './support/db';
import { requireVerifiedEmail } from '../../src/auth/verification';
import { registerErrorHandling } from '../../src/http/errors';
import { resolveSecret, sessionPlugin } from '../../src/http/session';

let t: TestApp;
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ mail: { smtpUrl: smtp.url, from: 'OncoDesk <no-reply@test.local>' }, publicUrl: 'https://app.example.org' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.app.database.db;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = async (auth: Record<string, string>) => (await t.app.inject({ url: '/api/user', headers: auth })).json();

describe('email verification', () => {
  it('mails a single-use link on sign-up that verifies the address', async () => {
    const { email, auth } = await signUp(t.app);
    expect((await me(auth)).emailVerified).toBe(false);
    const mail = await smtp.waitFor(email, { subject: /verify/i });
    expect(mail.text).toContain('https://app.example.org/verification?token=');
    expect(mail.text).toMatch(/24 hours/);
    const token = tokenFrom(mail, '/verification');

    // Only the hash is stored.
    const stored = await db().selectFrom('email_tokens').selectAll().where('purpose', '=', 'verify_email').execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);

    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    expect((await me(auth)).emailVerified).toBe(true);

    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_link');
  });

  it('refuses an expired link and changes nothing', async () => {
    const { email, auth } = await signUp(t.app);
    const token = tokenFrom(await smtp.waitFor(email), '/verification');
    await db().updateTable('email_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', email).execute();
    const before = await snapshot(t);
    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_link', message: expect.stringMatching(/support/) });
    expect(await snapshot(t)).toEqual(before);
    expect((await me(auth)).emailVerified).toBe(false);
  });

  it('resends at most once a minute, and not to verified or unknown addresses', async () => {
    const { email } = await signUp(t.app);
    await smtp.waitFor(email);
    // Sign-up just sent one: a resend right away is refused.
    const soon = await post('/api/auth/verify-email/resend', { email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toMatchObject({ code: 'verification_too_soon', message: expect.stringMatching(/60 seconds/) });

    await db().updateTable('mail_cooldowns').set({ sent_at: new Date(Date.now() - 61_000) }).execute();
    const count = smtp.countTo(email);
    const ok = await post('/api/auth/verify-email/resend', { email });
    expect(ok.statusCode).toBe(204);
    const mail = await smtp.waitFor(email, { after: smtp.received.length - 1 });
    expect(smtp.countTo(email)).toBe(count + 1);
    // The newest link works.
    expect((await post('/api/auth/verify-email', { token: tokenFrom(mail, '/verification') })).statusCode).toBe(200);

    const unknown = await post('/api/auth/verify-email/resend', { email: uniqueEmail('ghost') });
    expect(unknown.statusCode).toBe(204);
    await db().updateTable('mail_cooldowns').set({ sent_at: new Date(Date.now() - 61_000) }).execute();
    const verified = await post('/api/auth/verify-email/resend', { email });
    expect(verified.statusCode).toBe(204);
    expect(smtp.countTo(email)).toBe(count + 1);
  });

  it('writes the mail in the user\'s language', async () => {
    const email = uniqueEmail('it');
    const res = await post('/api/auth/signup', { email, password: goodPassword, language: 'it-IT' });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Verifica il tuo indirizzo email OncoDesk');
    expect(mail.text).toContain('scade tra 24 ore');
    expect(mail.html).toContain('Verifica la mia email');
  });
});

describe('requireVerifiedEmail', () => {
  it('answers 403 email_not_verified until the address is verified', async () => {
    // A route of some other domain guarded the way they will use it.
    const other = Fastify();
    registerErrorHandling(other);
    await other.register(sessionPlugin, { secret: resolveSecret(null, t.config.dataDir), ttlHours: 1, db: db() });
    other.post('/share', { preHandler: [other.authenticate, requireVerifiedEmail(db(), 'vault.share')] }, async () => ({ shared: true }));
    await other.ready();
    const { email, auth } = await signUp(t.app);
    const refused = await other.inject({ method: 'POST', url: '/share', headers: { ...auth, 'accept-language': 'es' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('email_not_verified');
    expect((await other.inject({ method: 'POST', url: '/share' })).statusCode).toBe(401);

    await post('/api/auth/verify-email', { token: tokenFrom(await smtp.waitFor(email), '/verification') });
    const allowed = await other.inject({ method: 'POST', url: '/share', headers: auth });
    expect(allowed.statusCode).toBe(200);
    await other.close();
  });
});

describe('password recovery', () => {
  it('mails a reset link that sets a new password once', async () => {
    const { email } = await signUp(t.app);
    const res = await post('/api/auth/recover', { email });
    expect(res.statusCode).toBe(204);
    const mail = await smtp.waitFor(email, { subject: /reset/i });
    expect(mail.text).toContain('https://app.example.org/recover-pass?token=');
    const token = tokenFrom(mail, '/recover-pass');

    const reset = await post('/api/auth/reset-password', { token, password: 'Newer-456' });
    expect(reset.statusCode).toBe(204);
    expect((await post('/api/auth/signin', { email, password: goodPassword })).statusCode).toBe(401);
    const signIn = await post('/api/auth/signin', { email, password: 'Newer-456' });
    expect(signIn.statusCode).toBe(200);
    // Opening the mailed link proved the mailbox.
    expect(signIn.json().user.emailVerified).toBe(true);

    const replay = await post('/api/auth/reset-password', { token, password: 'Other-789!' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('invalid_link');
    expect((await post('/api/auth/signin', { email, password: 'Newer-456' })).statusCode).toBe(200);
  });

  it('allows one recovery mail per 60 seconds per account', async () => {
    const { email } = await signUp(t.app);
    expect((await post('/api/auth/recover', { email })).statusCode).toBe(204);
    const second = await post('/api/auth/recover', { email }, { 'accept-language': 'es-ES' });
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('recovery_too_soon');
    expect(second.json().error.message).toMatch(/60 segundos/);
    // Concurrent requests after the cooldown: exactly one mail.
    await db().updateTable('mail_cooldowns').set({ sent_at: new Date(Date.now() - 61_000) }).where('kind', '=', 'reset_password').execute();
    const count = smtp.countTo(email);
    const results = await Promise.all([1, 2, 3].map(() => post('/api/auth/recover', { email })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 429, 429]);
    await smtp.waitFor(email, { after: smtp.received.length - 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.countTo(email)).toBe(count + 1);
  });

  it('retires older reset links once one is used, and refuses expired ones', async () => {
    const { email } = await signUp(t.app);
    await post('/api/auth/recover', { email });
    const first = tokenFrom(await smtp.waitFor(email, { subject: /reset/i }), '/recover-pass');
    await db().updateTable('mail_cooldowns').set({ sent_at: new Date(Date.now() - 61_000) }).where('kind', '=', 'reset_password').execute();
    const n = smtp.received.length;
    await post('/api/auth/recover', { email });
    const second = tokenFrom(await smtp.waitFor(email, { subject: /reset/i, after: n }), '/recover-pass');
    expect(second).not.toBe(first);
    expect((await post('/api/auth/reset-password', { token: second, password: 'Second-1!' })).statusCode).toBe(204);
    expect((await post('/api/auth/reset-password', { token: first, password: 'First-1!' })).json().error.code).toBe('invalid_link');

    await db().updateTable('mail_cooldowns').set({ sent_at: new Date(Date.now() - 61_000) }).where('kind', '=', 'reset_password').execute();
    const m = smtp.received.length;
    await post('/api/auth/recover', { email });
    const third = tokenFrom(await smtp.waitFor(email, { subject: /reset/i, after: m }), '/recover-pass');
    await db().updateTable('email_tokens').set({ expires_at: new Date(Date.now() - 1) }).where('purpose', '=', 'reset_password').execute();
    expect((await post('/api/auth/reset-password', { token: third, password: 'Third-1!' })).json().error.code).toBe('invalid_link');
    expect((await post('/api/auth/signin', { email, password: 'Second-1!' })).statusCode).toBe(200);
  });

  it('says when the account does not exist', async () => {
    const res = await post('/api/auth/recover', { email: uniqueEmail('nobody') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('account_not_found');
  });
});
