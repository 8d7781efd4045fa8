import type { InjectOptions } from 'fastify';
import { Wallet } from 'ethers';
import { startTestApp, signUp, uniqueEmail, goodPassword, type TestApp } from '../support/app';
import { linkTokens } from '../../src/auth/tokens';
import { signedSiwe } from './support/siwe';
import { snapshot } from './support/db';

/**
 * Malformed and hostile requests against the account endpoints. Each must be answered 4xx with the error
 * format and a code, and leave every account table exactly as it was (rows compared before and after).
 */
let t: TestApp;
const ctx = {} as {
  email: string;
  auth: Record<string, string>;
  usedVerify: string;
  expiredVerify: string;
  usedReset: string;
  expiredReset: string;
  liveReset: string;
  liveVerify: string;
  replayedSiwe: { message: string; signature: string };
  wrongDomainSiwe: { message: string; signature: string };
  wrongUriSiwe: { message: string; signature: string };
  expiredSiwe: { message: string; signature: string };
  unknownNonceSiwe: { message: string; signature: string };
  forgedSiwe: { message: string; signature: string };
};

beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIpPerMinute: 100_000, perAccountPer15Min: 100_000 } });
  const user = await signUp(t.app);
  ctx.email = user.email;
  ctx.auth = user.auth;
  const links = linkTokens(t.app.database.db);
  const db = t.app.database.db;
  ctx.usedVerify = await links.issue(user.userId, user.email, 'verify_email');
  await links.consume(ctx.usedVerify, 'verify_email');
  ctx.expiredVerify = await links.issue(user.userId, user.email, 'verify_email');
  ctx.liveVerify = await links.issue(user.userId, user.email, 'verify_email');
  ctx.usedReset = await links.issue(user.userId, user.email, 'reset_password');
  await links.consume(ctx.usedReset, 'reset_password');
  ctx.expiredReset = await links.issue(user.userId, user.email, 'reset_password');
  ctx.liveReset = await links.issue(user.userId, user.email, 'reset_password');
  const { hashToken } = await import('../../src/auth/tokens');
  await db.updateTable('email_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', 'in', [hashToken(ctx.expiredVerify), hashToken(ctx.expiredReset)]).execute();
  // One recovery mail was just sent: the next request within 60 s is refused.
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: user.email } })).statusCode).toBe(204);

  const wallet = Wallet.createRandom();
  ctx.replayedSiwe = await signedSiwe(t.app, wallet);
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/wallet/signin', payload: ctx.replayedSiwe })).statusCode).toBe(200);
  ctx.wrongDomainSiwe = await signedSiwe(t.app, wallet, { domain: 'phishing.example' });
  ctx.wrongUriSiwe = await signedSiwe(t.app, wallet, { uri: 'https://phishing.example/login' });
  ctx.expiredSiwe = await signedSiwe(t.app, wallet, { expirationTime: new Date(Date.now() - 60_000).toISOString() });
  ctx.unknownNonceSiwe = await signedSiwe(t.app, wallet, { nonce: 'ffffffffffffffffffffffffffffffff' });
  const genuine = await signedSiwe(t.app, wallet);
  ctx.forgedSiwe = { message: genuine.message, signature: await Wallet.createRandom().signMessage(genuine.message) };
});
afterAll(async () => t.close());

type Case = [name: string, request: () => InjectOptions, status: number, code: string];
const post = (url: string, payload: unknown): InjectOptions => ({ method: 'POST', url, payload: payload as string });
const token43 = 'A'.repeat(43);
const long = (n: number) => 'x'.repeat(n);

const cases: Case[] = [
  // Sign-up
  ['sign-up without a body', () => ({ method: 'POST', url: '/api/auth/signup' }), 400, 'validation_failed'],
  ['sign-up without an email', () => post('/api/auth/signup', { password: goodPassword }), 400, 'validation_failed'],
  ['sign-up with a numeric password', () => post('/api/auth/signup', { email: uniqueEmail(), password: 12345678 }), 400, 'validation_failed'],
  ['sign-up with an email array', () => post('/api/auth/signup', { email: [uniqueEmail()], password: goodPassword }), 400, 'validation_failed'],
  ['sign-up with a 300-character email', () => post('/api/auth/signup', { email: `${long(290)}@example.org`, password: goodPassword }), 400, 'validation_failed'],
  ['sign-up with a 61-character nickname', () => post('/api/auth/signup', { email: uniqueEmail(), password: goodPassword, nickname: long(61) }), 400, 'validation_failed'],
  ['sign-up in an unsupported language', () => post('/api/auth/signup', { email: uniqueEmail(), password: goodPassword, language: 'fr-FR' }), 400, 'validation_failed'],
  ['sign-up with a weak password', () => post('/api/auth/signup', { email: uniqueEmail(), password: 'password' }), 400, 'validation_failed'],
  ['sign-up with an address already registered', () => post('/api/auth/signup', { email: ctx.email.toUpperCase(), password: goodPassword }), 409, 'email_taken'],
  ['sign-up with broken JSON', () => ({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.c", ' }), 400, 'validation_failed'],
  ['sign-up as text/plain', () => ({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.c' }), 400, 'validation_failed'],
  ['sign-up with a 2 MB body', () => post('/api/auth/signup', { email: uniqueEmail(), password: goodPassword, nickname: long(2_000_000) }), 413, 'payload_too_large'],
  ['sign-up with a prototype-pollution body', () => ({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"isDemo": true}, "email": "bad"}' }), 400, 'validation_failed'],
  // Sign-in
  ['sign-in without a password', () => post('/api/auth/signin', { email: ctx.email }), 400, 'validation_failed'],
  ['sign-in with a 129-character password', () => post('/api/auth/signin', { email: ctx.email, password: long(129) }), 400, 'validation_failed'],
  ['sign-in with a null email', () => post('/api/auth/signin', { email: null, password: goodPassword }), 400, 'validation_failed'],
  ['sign-in with an array body', () => post('/api/auth/signin', [ctx.email, goodPassword]), 400, 'validation_failed'],
  ['sign-in with a wrong password', () => post('/api/auth/signin', { email: ctx.email, password: 'Wrong-123' }), 401, 'invalid_credentials'],
  ['sign-in to an unknown account', () => post('/api/auth/signin', { email: uniqueEmail('nobody'), password: goodPassword }), 401, 'account_not_found'],
  ['sign-in with SQL in the email', () => post('/api/auth/signin', { email: "x' or '1'='1@example.org", password: goodPassword }), 400, 'validation_failed'],
  // Email lookup
  ['email lookup of a non-email', () => ({ method: 'GET', url: '/api/email/exists/not-an-email' }), 400, 'validation_failed'],
  ['email lookup of a 300-character address', () => ({ method: 'GET', url: `/api/email/exists/${long(290)}%40example.org` }), 400, 'validation_failed'],
  // Email verification
  ['verification without a token', () => post('/api/auth/verify-email', {}), 400, 'validation_failed'],
  ['verification with a short token', () => post('/api/auth/verify-email', { token: 'abc' }), 400, 'validation_failed'],
  ['verification with a numeric token', () => post('/api/auth/verify-email', { token: 12345 }), 400, 'validation_failed'],
  ['verification with an unknown token', () => post('/api/auth/verify-email', { token: token43 }), 400, 'invalid_link'],
  ['verification with a used token', () => post('/api/auth/verify-email', { token: ctx.usedVerify }), 400, 'invalid_link'],
  ['verification with an expired token', () => post('/api/auth/verify-email', { token: ctx.expiredVerify }), 400, 'invalid_link'],
  ['verification with a reset token', () => post('/api/auth/verify-email', { token: ctx.liveReset }), 400, 'invalid_link'],
  ['verification resend to a non-email', () => post('/api/auth/verify-email/resend', { email: 'nope' }), 400, 'validation_failed'],
  // Recovery and reset
  ['recovery without an email', () => post('/api/auth/recover', {}), 400, 'validation_failed'],
  ['recovery for an unknown account', () => post('/api/auth/recover', { email: uniqueEmail('ghost') }), 404, 'account_not_found'],
  ['recovery again within 60 seconds', () => post('/api/auth/recover', { email: ctx.email }), 429, 'recovery_too_soon'],
  ['reset with a weak password (valid link kept)', () => post('/api/auth/reset-password', { token: ctx.liveReset, password: 'weak' }), 400, 'validation_failed'],
  ['reset without a password', () => post('/api/auth/reset-password', { token: ctx.liveReset }), 400, 'validation_failed'],
  ['reset with an unknown token', () => post('/api/auth/reset-password', { token: token43, password: 'Fresh-123' }), 400, 'invalid_link'],
  ['reset with a used token', () => post('/api/auth/reset-password', { token: ctx.usedReset, password: 'Fresh-123' }), 400, 'invalid_link'],
  ['reset with an expired token', () => post('/api/auth/reset-password', { token: ctx.expiredReset, password: 'Fresh-123' }), 400, 'invalid_link'],
  ['reset with a verification token', () => post('/api/auth/reset-password', { token: ctx.liveVerify, password: 'Fresh-123' }), 400, 'invalid_link'],
  ['reset with a token containing SQL', () => post('/api/auth/reset-password', { token: "' or 1=1 --", password: 'Fresh-123' }), 400, 'validation_failed'],
  // Sign-In with Ethereum
  ['wallet sign-in with a malformed signature', () => post('/api/auth/wallet/signin', { message: ctx.replayedSiwe.message, signature: '0x1234' }), 400, 'validation_failed'],
  ['wallet sign-in with a message that is not EIP-4361', () => post('/api/auth/wallet/signin', { message: 'please let me in', signature: ctx.replayedSiwe.signature }), 400, 'wallet_message_invalid'],
  ['wallet sign-in with a 2001-character message', () => post('/api/auth/wallet/signin', { message: long(2001), signature: ctx.replayedSiwe.signature }), 400, 'validation_failed'],
  ['wallet sign-in replaying a used nonce', () => post('/api/auth/wallet/signin', ctx.replayedSiwe), 400, 'wallet_nonce_invalid'],
  ['wallet sign-in for another domain', () => post('/api/auth/wallet/signin', ctx.wrongDomainSiwe), 400, 'wallet_domain_mismatch'],
  ['wallet sign-in for another URI', () => post('/api/auth/wallet/signin', ctx.wrongUriSiwe), 400, 'wallet_domain_mismatch'],
  ['wallet sign-in with an expired message', () => post('/api/auth/wallet/signin', ctx.expiredSiwe), 400, 'wallet_message_expired'],
  ['wallet sign-in with a nonce never issued', () => post('/api/auth/wallet/signin', ctx.unknownNonceSiwe), 400, 'wallet_nonce_invalid'],
  ['wallet sign-in signed by another key', () => post('/api/auth/wallet/signin', ctx.forgedSiwe), 401, 'wallet_signature_invalid'],
  // The user record
  ['profile change without a session', () => ({ method: 'PATCH', url: '/api/user', payload: [{ op: 'add', path: '/nickname', value: 'x' }] }), 401, 'unauthorized'],
  ['profile change of the email', () => ({ method: 'PATCH', url: '/api/user', headers: ctx.auth, payload: [{ op: 'add', path: '/email', value: 'x@y.org' }] }), 400, 'validation_failed'],
  ['profile change of the plan', () => ({ method: 'PATCH', url: '/api/user', headers: ctx.auth, payload: [{ op: 'add', path: '/plan', value: 'enterprise' }] }), 400, 'validation_failed'],
  ['profile change with a replace op', () => ({ method: 'PATCH', url: '/api/user', headers: ctx.auth, payload: [{ op: 'replace', path: '/nickname', value: 'x' }] }), 400, 'validation_failed'],
  ['profile change with a 61-character first name', () => ({ method: 'PATCH', url: '/api/user', headers: ctx.auth, payload: [{ op: 'add', path: '/firstName', value: long(61) }] }), 400, 'validation_failed'],
  ['profile change with a bad colour', () => ({ method: 'PATCH', url: '/api/user', headers: ctx.auth, payload: [{ op: 'add', path: '/avatarColor', value: 'javascript:alert(1)' }] }), 400, 'validation_failed'],
  ['account deletion without a session', () => ({ method: 'DELETE', url: '/api/user' }), 401, 'unauthorized'],
  ['account deletion with a forged token', () => ({ method: 'DELETE', url: '/api/user', headers: { authorization: `Bearer ${ctx.auth.authorization.split(' ')[1].slice(0, -4)}AAAA` } }), 401, 'unauthorized'],
  ['session with an unsigned (alg none) token', () => ({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.` } }), 401, 'unauthorized'],
  // Google while not configured
  ['Google start while not configured', () => ({ method: 'GET', url: '/api/auth/google/start' }), 404, 'not_found'],
  ['Google callback while not configured', () => ({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' }), 404, 'not_found'],
];

test('the table holds at least 40 requests', () => {
  expect(cases.length).toBeGreaterThanOrEqual(40);
});

test.each(cases)('%s: answered 4xx, nothing changed', async (_name, request, status, code) => {
  const before = await snapshot(t);
  const res = await t.app.inject(request());
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.message.length).toBeGreaterThan(3);
  expect(await snapshot(t)).toEqual(before);
});

test('the valid links survived every attempt above', async () => {
  expect((await t.app.inject(post('/api/auth/reset-password', { token: ctx.liveReset, password: 'Fresh-123' }))).statusCode).toBe(204);
  expect((await t.app.inject(post('/api/auth/signin', { email: ctx.email, password: 'Fresh-123' }))).statusCode).toBe(200);
});
