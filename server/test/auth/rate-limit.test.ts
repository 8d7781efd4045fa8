import { sql } from 'kysely';
import { startTestApp, signUp, uniqueEmail, goodPassword, type TestApp } from '../support/app';
import { hashSubject } from '../../src/auth/throttleStore';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIpPerMinute: 8, perAccountPer15Min: 3, signInFreeFailures: 2 } }, { env: { LOAD_SHED: 'false' } });
});
afterAll(async () => t.close());

const signIn = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: ip });

describe('rate limits on credential endpoints', () => {
  it('slows password guesses on an account from rotating addresses instead of locking it for 15 minutes', async () => {
    const { email } = await signUp(t.app);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(email, 'Wrong-123', `10.0.0.${i + 1}`)).statusCode);
    // 2 × 2 free failures on the account (signInFreeFailures: 2 per address), then a delay (auth/throttle.ts)
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // The right password from a browser the account does not know waits too: the account is being attacked.
    const blocked = await signIn(email.toUpperCase(), goodPassword, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('signin_throttled');
    expect(blocked.headers['retry-after']).toBe('1');
    // Once the second is over it gets in (before: 15 minutes for everyone, the owner included).
    await sql`update rate_limits set updated_at = updated_at - interval '1 second' where key like 'signin:%'`.execute(t.app.database.db);
    expect((await signIn(email, goodPassword, '10.0.1.1')).statusCode).toBe(200);
    // Another account is unaffected.
    const other = await signUp(t.app);
    expect((await signIn(other.email, goodPassword, '10.0.1.2')).statusCode).toBe(200);
  });

  it('limits requests per IP across accounts', async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn(uniqueEmail('spray'), goodPassword, '192.0.2.7')).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it('counts sign-in requests the contract refuses against their address too', async () => {
    const invalid = () => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'not an email', password: '' }, remoteAddress: '192.0.2.50' });
    for (let i = 0; i < 8; i++) expect((await invalid()).statusCode).toBe(400);
    // counted once each answer is sent
    const key = `limit:ip:signin:${hashSubject('192.0.2.50')}`;
    for (let i = 0; i < 50; i++) {
      const row = await t.app.database.db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst();
      if (row?.count === 8) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const limited = await signIn(uniqueEmail(), goodPassword, '192.0.2.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('counts nothing on an account for a sign-in its address limit refuses', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 8; i++) await signIn(uniqueEmail('spray'), goodPassword, '192.0.2.60');
    for (let i = 0; i < 3; i++) expect((await signIn(email, 'Wrong-123', '192.0.2.60')).json().error.code).toBe('rate_limited');
    const counted = await t.app.database.db.selectFrom('rate_limits').select('key').where('key', 'like', `signin:%${hashSubject(email)}%`).execute();
    expect(counted).toEqual([]);
    expect((await signIn(email, goodPassword, '192.0.2.61')).statusCode).toBe(200);
  });

  it('limits email lookups and recovery requests too', async () => {
    const lookups = [];
    for (let i = 0; i < 9; i++) lookups.push((await t.app.inject({ url: `/api/email/exists/${encodeURIComponent(uniqueEmail())}`, remoteAddress: '192.0.2.8' })).statusCode);
    expect(lookups.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(lookups[8]).toBe(429);

    const email = uniqueEmail('recover');
    const recoveries = [];
    for (let i = 0; i < 4; i++) {
      recoveries.push((await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email }, remoteAddress: `198.51.100.${i + 1}` })).statusCode);
    }
    expect(recoveries).toEqual([404, 404, 404, 429]);
  });
});
