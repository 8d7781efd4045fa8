import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { decodeJwt } from 'jose';
import { startTestApp, signUp, goodPassword, type TestApp } from '../support/app';
import { hashSubject } from '../../src/auth/throttleStore';

/**
 * Sign-in throttling (auth/throttle.ts): wrong passwords slow the guesser down without locking the owner
 * out. The server sits behind a proxy (TRUST_PROXY: the test's 127.0.0.1), so X-Forwarded-For is the
 * client's address, and the attacker rotates it freely.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    {
      trustProxy: ['127.0.0.1'],
      authRateLimit: { perIpPerMinute: 100_000, perAccountPer15Min: 100_000, signInFreeFailures: 3, signInMaxFailures: 20 },
    },
    // load shedding off: on a busy test machine it would answer 503 for reasons this file does not test
    { env: { LOAD_SHED: 'false' } },
  );
});
afterAll(async () => t.close());

const db = () => t.app.database.db;
let attacker = 0;
/** A new address for every attempt, as a botnet would. */
const rotating = () => `198.51.${Math.floor(++attacker / 250)}.${(attacker % 250) + 1}`;

function signIn(email: string, password: string, address: string, options: { cookie?: string; lang?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    headers: {
      'x-forwarded-for': address,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
  });
}

/** The device cookie a successful sign-in sets, as the browser sends it back. */
function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const header = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []).find((c) => c.startsWith('oncodesk_device='));
  if (!header) throw new Error('no device cookie');
  return header.split(';')[0];
}

/** Moves the account's counters back in time by `ms` (instead of waiting out a delay). */
async function age(ms: number) {
  await sql`update rate_limits set updated_at = updated_at - make_interval(secs => ${ms / 1000}::float8) where key like 'signin:%'`.execute(db());
}

const statuses = async (n: number, attempt: () => Promise<{ statusCode: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await attempt()).statusCode);
  return out;
};

describe('sign-in throttling', () => {
  it("lets the owner's known browser in while rotating addresses guess the password", async () => {
    const { email } = await signUp(t.app);
    // the owner signed in from this browser before: it holds a device cookie for the account
    const first = await signIn(email, goodPassword, '203.0.113.10');
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    const cookie = deviceCookie(first);

    // an attacker, one new address per guess: 2 × 3 failures on the account, then it must wait
    expect(await statuses(6, () => signIn(email, 'Wrong-123', rotating()))).toEqual([401, 401, 401, 401, 401, 401]);
    const slowed = await signIn(email, 'Wrong-123', rotating(), { lang: 'es-ES' });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json().error).toEqual({ code: 'signin_throttled', message: expect.stringMatching(/Demasiados intentos fallidos/) });
    // it keeps going, waiting out each delay (1, 2, 4, 8, 16, 32 s): now every guess waits 64 s
    for (let i = 0; i < 6; i++) {
      await age(60_000);
      expect((await signIn(email, 'Wrong-123', rotating())).statusCode).toBe(401);
    }
    expect((await signIn(email, 'Wrong-123', rotating())).headers['retry-after']).toBe('64');
    // a refused attempt counts nowhere: one (account, address) row per guess that was checked, none for the others
    const pairs = await db().selectFrom('rate_limits').select('key').where('key', 'like', `signin:pair:${hashSubject(email)}:%`).where('count', '>', 0).execute();
    expect(pairs).toHaveLength(12);
    // the password is not even checked while waiting: a right guess teaches the attacker nothing
    expect((await signIn(email, goodPassword, rotating())).statusCode).toBe(429);
    // nor is the address what is trusted: another browser behind the owner's own address waits too
    expect((await signIn(email, goodPassword, '203.0.113.10')).statusCode).toBe(429);

    // the owner's browser gets in, from home or from anywhere else
    const home = await signIn(email, goodPassword, '203.0.113.10', { cookie });
    expect(home.statusCode).toBe(200);
    expect(home.json().jwt).toEqual(expect.any(String));
    expect((await signIn(email, goodPassword, '192.0.2.77', { cookie: deviceCookie(home) })).statusCode).toBe(200);
    // and its success does not give the attacker a fresh start
    expect((await signIn(email, 'Wrong-123', rotating())).statusCode).toBe(429);
  });

  it('doubles the wait with each further failure, up to 15 minutes, and a success starts over', async () => {
    const { email } = await signUp(t.app);
    const address = '203.0.113.20';
    const retryAfter = async (password = 'Wrong-123') => {
      const res = await signIn(email, password, address);
      return res.statusCode === 429 ? `429 after ${res.headers['retry-after']}` : String(res.statusCode);
    };
    // three free failures for this (account, address), then 1 s
    expect([await retryAfter(), await retryAfter(), await retryAfter(), await retryAfter()]).toEqual(['401', '401', '401', '429 after 1']);
    const waits: string[] = [];
    for (const seconds of [1, 2, 4, 8]) {
      await age(seconds * 1000); // the wait is over
      waits.push(await retryAfter(), await retryAfter());
    }
    expect(waits).toEqual(['401', '429 after 2', '401', '429 after 4', '401', '429 after 8', '401', '429 after 16']);
    // half-way through a wait it is still a wait, shorter
    await age(9000);
    expect(await retryAfter()).toBe('429 after 7');

    // never longer than 15 minutes, however many failures
    await sql`update rate_limits set count = 60, updated_at = now() where key = ${`signin:pair:${hashSubject(email)}:${hashSubject(address)}`}`.execute(db());
    expect(await retryAfter()).toBe('429 after 900');

    await age(900_000);
    expect(await retryAfter(goodPassword)).toBe('200');
    // the success forgot the failures of this address and of the account (with this instance's next
    // count, or at once when the instance settles)
    await t.app.authLimits.store.settled();
    const left = await db().selectFrom('rate_limits').select('count').where('key', 'like', `signin:%${hashSubject(email)}%`).execute();
    expect(left.map((r) => r.count)).toEqual([0, 0]);
    expect([await retryAfter(), await retryAfter(), await retryAfter(), await retryAfter()]).toEqual(['401', '401', '401', '429 after 1']);
  });

  it('counts parallel guesses one by one: no burst gets past a delay', async () => {
    const { email } = await signUp(t.app);
    const all = await Promise.all(Array.from({ length: 12 }, () => signIn(email, 'Wrong-123', '203.0.113.30')));
    const codes = all.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
  });

  it('after the hard cap only a known browser or the recovery mail gets in', async () => {
    const { email } = await signUp(t.app);
    const cookie = deviceCookie(await signIn(email, goodPassword, '203.0.113.40'));
    const results: number[] = [];
    for (let i = 0; i < 20; i++) {
      await age(3_600_000); // an hour between guesses: patient, so never slowed
      results.push((await signIn(email, 'Wrong-123', rotating())).statusCode);
    }
    expect(results.every((s) => s === 401)).toBe(true);
    await age(3_600_000);
    const locked = await signIn(email, goodPassword, rotating(), { lang: 'it' });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeUndefined();
    expect(locked.json().error).toEqual({ code: 'signin_locked', message: expect.stringMatching(/Hai dimenticato la password/) });
    // the owner's browser still signs in
    expect((await signIn(email, goodPassword, '203.0.113.40', { cookie })).statusCode).toBe(200);

    // from a new browser: the recovery mail
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email }, headers: { 'x-forwarded-for': '192.0.2.99' } })).statusCode).toBe(204);
    const token = recoveryToken(email);
    const newPassword = 'Renewed-456!';
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: newPassword }, headers: { 'x-forwarded-for': '192.0.2.99' } })).statusCode).toBe(204);
    expect((await signIn(email, newPassword, '192.0.2.99')).statusCode).toBe(200);
  });

  it('gives a known browser its own delays, and trusts it no more after the cap', async () => {
    const { email } = await signUp(t.app);
    const cookie = deviceCookie(await signIn(email, goodPassword, '203.0.113.50'));
    expect(await statuses(4, () => signIn(email, 'Wrong-123', '203.0.113.50', { cookie }))).toEqual([401, 401, 401, 429]);
    // as if the cookie had been stolen and used for 20 guesses: it counts for nothing any more
    // the cookie is a JWT listing [id, account, issued] per account (auth/throttle.ts, deviceCookies)
    const deviceId = (decodeJwt(cookie.slice(cookie.indexOf('=') + 1)).d as string[][])[0][0];
    await db().updateTable('rate_limits').set({ count: 20 }).where('key', '=', `signin:device:${deviceId}`).executeTakeFirstOrThrow();
    const res = await signIn(email, 'Wrong-123', '203.0.113.50', { cookie });
    expect(res.statusCode).toBe(401);
    const counted = await db().selectFrom('rate_limits').select('key').where('key', '=', `signin:account:${hashSubject(email)}`).execute();
    expect(counted).toHaveLength(1); // counted on the account, as from any unknown browser
  });

  it("trusts a device cookie only for its own account and only as the server signed it", async () => {
    const owner = await signUp(t.app);
    const victim = await signUp(t.app);
    const cookie = deviceCookie(await signIn(owner.email, goodPassword, '203.0.113.60'));
    await statuses(6, () => signIn(victim.email, 'Wrong-123', rotating()));
    expect((await signIn(victim.email, goodPassword, '203.0.113.60', { cookie })).statusCode).toBe(429);

    await statuses(7, () => signIn(owner.email, 'Wrong-123', rotating()));
    const [name, value] = cookie.split('=');
    // its signature's first character changed (the last one of a base64url signature may carry unused bits: changing
    // it can leave the signature's bytes as they were, which the CI of 2026-11-28 met once)
    const at = value.lastIndexOf('.') + 1;
    const forged = `${name}=${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
    expect((await signIn(owner.email, goodPassword, '203.0.113.60', { cookie: forged })).statusCode).toBe(429);
    expect((await signIn(owner.email, goodPassword, '203.0.113.60', { cookie })).statusCode).toBe(200);
  });
});

function recoveryToken(email: string): string {
  const dir = path.join(t.config.dataDir, 'outbox');
  const mails = fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  const mail = mails.reverse().find((m) => m.includes(`To: ${email}`) && m.includes('/recover-pass?token='));
  if (!mail) throw new Error('no recovery mail');
  return /\/recover-pass\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
}
