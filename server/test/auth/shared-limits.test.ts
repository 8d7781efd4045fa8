import { sql } from 'kysely';
import { startTestApp, signUp, uniqueEmail, goodPassword, type TestApp } from '../support/app';
import { limitStore, NO_CAP } from '../../src/auth/throttleStore';

/**
 * Two server instances on one database, as behind a load balancer: every limit is counted in the
 * database (rate_limits), so it holds whichever instance answers.
 */
let a: TestApp;
let b: TestApp;
const limits = { perIpPerMinute: 6, perAccountPer15Min: 3, signInFreeFailures: 2, signInMaxFailures: 100 };
// both instances sign with the same secret, as N instances must (sessions, device cookies)
const jwtSecret = 'shared-secret-of-the-two-test-instances-0123456789';
// load shedding off: on a busy test machine it would answer 503 for reasons this file does not test
const env = { LOAD_SHED: 'false' };
beforeAll(async () => {
  a = await startTestApp({ authRateLimit: limits, jwtSecret }, { env });
  b = await startTestApp({ authRateLimit: limits, jwtSecret }, { sameDatabaseAs: a, env });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const db = () => a.app.database.db;
const instance = (i: number) => (i % 2 ? b : a).app;

describe('limits shared by server instances', () => {
  it('counts one per-address limit across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await instance(i).inject({ url: `/api/email/exists/${encodeURIComponent(uniqueEmail())}`, remoteAddress: '192.0.2.10' });
      statuses.push(res.statusCode);
    }
    // each instance alone would have allowed 6
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const limited = await a.app.inject({ url: `/api/email/exists/${encodeURIComponent(uniqueEmail())}`, remoteAddress: '192.0.2.10' });
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts one per-account limit across both instances', async () => {
    const email = uniqueEmail('recover');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await instance(i).inject({ method: 'POST', url: '/api/auth/recover', payload: { email }, remoteAddress: `198.51.100.${i + 1}` })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it('counts requests racing on both instances exactly', async () => {
    const all = await Promise.all(
      Array.from({ length: 16 }, (_, i) => instance(i).inject({ url: `/api/email/exists/${encodeURIComponent(uniqueEmail())}`, remoteAddress: '192.0.2.20' })),
    );
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(6);
    expect(all.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });

  it('starts a new window when the old one has ended', async () => {
    const exists = (app: TestApp) => app.app.inject({ url: `/api/email/exists/${encodeURIComponent(uniqueEmail())}`, remoteAddress: '192.0.2.30' });
    for (let i = 0; i < 6; i++) await exists(i % 2 ? a : b);
    expect((await exists(a)).statusCode).toBe(429);
    await sql`update rate_limits set expires_at = now() - interval '1 second'`.execute(db());
    expect((await exists(b)).statusCode).toBe(200);
  });

  it('throttles sign-in on one instance after failures on the other, and knows the same devices', async () => {
    const { email } = await signUp(a.app);
    const signIn = (app: TestApp, password: string, address: string, cookie?: string) =>
      app.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: address, ...(cookie ? { headers: { cookie } } : {}) });
    const owner = await signIn(b, goodPassword, '203.0.113.1');
    expect(owner.statusCode).toBe(200);
    const cookie = String(owner.headers['set-cookie']).split(';')[0];

    // 2 × 2 failures on the account from four addresses, alternating instances; then both make it wait
    for (let i = 0; i < 4; i++) expect((await signIn(i % 2 ? a : b, 'Wrong-123', `198.51.100.${50 + i}`)).statusCode).toBe(401);
    expect((await signIn(a, 'Wrong-123', '198.51.100.60')).statusCode).toBe(429);
    expect((await signIn(b, goodPassword, '198.51.100.61')).statusCode).toBe(429);
    // the browser that signed in on one instance is known on the other
    expect((await signIn(a, goodPassword, '203.0.113.1', cookie)).statusCode).toBe(200);
  });

  it("resets the account's failures for every instance soon after a success on one", async () => {
    const { email } = await signUp(a.app);
    const signIn = (app: TestApp, password: string, address: string) =>
      app.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: address });
    for (let i = 0; i < 3; i++) expect((await signIn(a, 'Wrong-123', `198.51.100.${70 + i}`)).statusCode).toBe(401);
    expect((await signIn(b, goodPassword, '203.0.113.2')).statusCode).toBe(200);
    // b resets with its next count, or within 200 ms when none comes
    await new Promise((resolve) => setTimeout(resolve, 500));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(a, 'Wrong-123', `198.51.100.${80 + i}`)).statusCode);
    // a fresh budget of 2 × 2 on a (without the reset: one 401 left)
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('lets exactly the free attempts through when two instances race on a new counter', async () => {
    // each instance's own store, as each server process has; on PostgreSQL two connection pools
    const stores = [limitStore(a.app.database.db, { sweepChance: 0 }), limitStore(b.app.database.db, { sweepChance: 0 })];
    const counters = [
      { key: 'test:race:pair', free: 3, cap: NO_CAP, keepSeconds: 60 },
      { key: 'test:race:account', free: 5, cap: NO_CAP, keepSeconds: 60 },
    ];
    const claims = await Promise.all(Array.from({ length: 24 }, (_, i) => stores[i % 2].claim(counters)));
    expect(claims.filter((c) => c.ok)).toHaveLength(3);
    const rows = await db().selectFrom('rate_limits').select(['key', 'count']).where('key', 'like', 'test:race:%').orderBy('key').execute();
    // refused attempts are not counted (nor left half-counted)
    expect(rows).toEqual([
      { key: 'test:race:account', count: 3 },
      { key: 'test:race:pair', count: 3 },
    ]);
  });

  it('deletes expired rows as counters are written, a bounded batch at a time', async () => {
    await sql`
      insert into rate_limits (key, count, updated_at, expires_at)
      select 'test:old:' || i, 1, now() - interval '2 days', now() - interval '1 day' from generate_series(1, 7) as i`.execute(db());
    await sql`insert into rate_limits (key, count, updated_at, expires_at) values ('test:live', 1, now(), now() + interval '1 hour')`.execute(db());
    const oldRows = async () => (await db().selectFrom('rate_limits').select('key').where('key', 'like', 'test:old:%').execute()).length;

    // a write sweeps with a small chance; here with certainty, and at most 5 rows per sweep
    const store = limitStore(db(), { sweepChance: 1, sweepBatch: 5, vacuumAfter: 5 });
    await store.hit('test:writer', 60_000);
    await store.settled();
    expect(await oldRows()).toBe(2);
    await store.hit('test:writer', 60_000);
    await store.settled();
    expect(await oldRows()).toBe(0);
    expect(await db().selectFrom('rate_limits').select('key').where('key', '=', 'test:live').execute()).toHaveLength(1);

    // the instances' own store sweeps the same way (1 write in 50 on average)
    await sql`insert into rate_limits (key, count, updated_at, expires_at) values ('test:old:again', 1, now(), now() - interval '1 second')`.execute(db());
    expect(await a.app.authLimits.store.sweep()).toBeGreaterThanOrEqual(1);
    expect(await oldRows()).toBe(0);
  });
});
