import { startTestApp, signUp, uniqueEmail, goodPassword, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIpPerMinute: 4, perAccountPer15Min: 3, signInFreeFailures: 2 } });
});
afterAll(async () => t.close());

type Request = { method: 'GET' | 'POST'; url: string; payload?: object };
const send = async (r: Request, ip: string) => {
  const res = await t.app.inject({ ...r, remoteAddress: ip });
  return res.statusCode === 429 ? `429 ${res.json().error.code}` : res.statusCode;
};

/**
 * The spec's account calls use the REST routes' guards by name, so a REST route and its spec twin count on
 * one budget: alternating between them gives an attacker no extra attempts.
 */
describe('rate limits shared with the REST routes', () => {
  it('one per-address budget for POST /auth/email and POST /auth/signin', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const url = i % 2 ? '/api/auth/signin' : '/api/auth/email';
      statuses.push(await send({ method: 'POST', url, payload: { email: uniqueEmail('spray'), password: goodPassword } }, '192.0.2.10'));
    }
    expect(statuses).toEqual([401, 401, 401, 401, '429 rate_limited', '429 rate_limited']);
    // Another address is not affected.
    expect(await send({ method: 'POST', url: '/api/auth/email', payload: { email: uniqueEmail(), password: goodPassword } }, '192.0.2.11')).toBe(401);
  });

  it('one sign-in throttle per account, whichever route guesses the password', async () => {
    const { email } = await signUp(t.app);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const url = i % 2 ? '/api/auth/signin' : '/api/auth/email';
      statuses.push(await send({ method: 'POST', url, payload: { email, password: 'Wrong-123' } }, `10.1.0.${i + 1}`));
    }
    // The same number of failures through both routes as through one (test/auth/rate-limit.test.ts), then delays.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4).every((s) => typeof s === 'string' && s.startsWith('429'))).toBe(true);
  });

  it('one per-account budget for resending the verification mail, by query or by body', async () => {
    const email = uniqueEmail('resend');
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const r: Request = i % 2 ? { method: 'POST', url: '/api/auth/verify-email/resend', payload: { email } } : { method: 'GET', url: `/api/signup/send-email?email=${encodeURIComponent(email)}` };
      statuses.push(await send(r, `10.2.0.${i + 1}`));
    }
    expect(statuses).toEqual([204, 204, 204, '429 rate_limited', '429 rate_limited']);
    // The account key is the address as the contract reads it (case and spaces do not make a new one).
    expect(await send({ method: 'GET', url: `/api/signup/send-email?email=${encodeURIComponent(` ${email.toUpperCase()} `)}` }, '10.2.1.1')).toBe('429 rate_limited');
  });

  it('one budget for recovery, sign-up, verification and reset links', async () => {
    const pairs: [Request, Request][] = [
      [{ method: 'POST', url: '/api/user/recover/password', payload: { email: uniqueEmail() } }, { method: 'POST', url: '/api/auth/recover', payload: { email: uniqueEmail() } }],
      [{ method: 'POST', url: '/api/signup', payload: { email: 'bad' } }, { method: 'POST', url: '/api/auth/signup', payload: { email: 'bad' } }],
      [{ method: 'GET', url: `/api/verify-registration-token?token=${'A'.repeat(43)}` }, { method: 'POST', url: '/api/auth/verify-email', payload: { token: 'A'.repeat(43) } }],
      [{ method: 'POST', url: '/api/user/reset/password', payload: { token: 'A'.repeat(43), password: goodPassword } }, { method: 'POST', url: '/api/auth/reset-password', payload: { token: 'A'.repeat(43), password: goodPassword } }],
    ];
    for (const [n, [spec, rest]] of pairs.entries()) {
      const ip = `198.51.100.${n + 1}`;
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push(await send(i % 2 ? rest : spec, ip));
      expect([spec.url, statuses.slice(4)]).toEqual([spec.url, ['429 rate_limited', '429 rate_limited']]);
      expect([spec.url, statuses.slice(0, 4).every((s) => typeof s === 'number' && s >= 400 && s < 429)]).toEqual([spec.url, true]);
    }
  });

  it('the wallet link counts with the REST wallet sign-in', async () => {
    const body = { message: 'not a SIWE message', signature: `0x${'ab'.repeat(65)}` };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await send({ method: 'POST', url: i % 2 ? '/api/auth/wallet/signin' : '/api/user/link', payload: body }, '203.0.113.5'));
    expect(statuses).toEqual([400, 400, 400, 400, '429 rate_limited', '429 rate_limited']);
  });
});
