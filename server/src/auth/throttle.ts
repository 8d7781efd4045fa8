import crypto from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import { readCookie } from './google';
import { purposeKey, signedTokens } from '../http/signedTokens';
import { NO_CAP, hashSubject, type LimitStore, type ThrottleCounter, type WindowCounter } from './throttleStore';

/**
 * Sign-in throttling after NIST SP 800-63B §5.2.2 ("Rate Limiting (Throttling)") and OWASP's "Slow Down
 * Online Guessing Attacks with Device Cookies": failed passwords slow the guesser down instead of locking
 * the owner out.
 *
 * - Every attempt is counted before the password is checked (so parallel guesses cannot pass a delay)
 *   and a success resets the counters it was counted on. After `free` consecutive failures the next
 *   attempt must wait 1 s, then 2 s, 4 s, ... up to 15 minutes (a 429 `signin_throttled` with
 *   Retry-After; the server never sleeps on a connection).
 * - From a browser without a device cookie for the account, an attempt counts on the (account, address)
 *   pair (delays after `free` failures) and on the account (after 2 × `free`, from any address: rotating
 *   addresses gains nothing). After `maxFailures` consecutive failures on the account (NIST: at most 100)
 *   such sign-ins are refused (429 `signin_locked`) until the password is reset through the recovery mail
 *   (resetting clears the account's counters) or the account stays quiet for 30 days.
 * - A browser the owner signed in from in the last 30 days carries a signed device cookie naming the
 *   account (HttpOnly, SameSite=Strict, Path=/api/auth). Its attempts count on that device only, so the
 *   owner signs in while the account is under attack from elsewhere. A device that fails `free` times in a
 *   row waits like anyone else, and after `maxFailures` failures it is trusted no more.
 *
 * Why a cookie and not "an address the owner signed in from": an address is shared (carrier-grade NAT, a
 * hospital's network, a misconfigured proxy) so it would trust the attacker next door too, and the owner's
 * address changes on a phone; a cookie names one browser and cannot be made up without the server's key.
 */
export interface SignInThrottleOptions {
  /** Consecutive failures per (account, address) pair and per known device before the first delay; the account as a whole gets twice as many. */
  freeFailures: number;
  /** Consecutive failures on an account after which sign-in from unknown devices needs a password reset. */
  maxFailures: number;
}

export const DEVICE_COOKIE = 'oncodesk_device';
const DEVICE_DAYS = 30;
const DAY = 86_400;
/** A browser keeps device entries for at most this many accounts. */
const DEVICE_ENTRIES = 5;

const keys = {
  account: (email: string) => `signin:account:${hashSubject(email)}`,
  pairs: (email: string) => `signin:pair:${hashSubject(email)}:`,
  pair: (email: string, address: string) => `signin:pair:${hashSubject(email)}:${hashSubject(address)}`,
  device: (id: string) => `signin:device:${id}`,
};

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * After a password reset through the mailed link: the account's failures are forgotten, so the owner can
 * sign in again from any device (the hard cap's way out).
 */
export async function forgetSignInFailures(db: Kysely<Database>, email: string): Promise<void> {
  const normal = normalEmail(email);
  await db
    .deleteFrom('rate_limits')
    .where((eb) => eb.or([eb('key', '=', keys.account(normal)), eb(eb.fn('starts_with', ['key', eb.val(keys.pairs(normal))]), '=', true)]))
    .execute();
}

export interface DeviceCookies {
  /** The id of the device this browser is for the account, if its cookie holds a valid, recent entry for it. */
  read(cookieHeader: string | undefined, email: string): Promise<string | null>;
  /** A Set-Cookie value naming this browser a known device of the account (a new id unless `deviceId`), keeping its entries for other accounts. */
  issue(cookieHeader: string | undefined, email: string, deviceId: string | null, secure: boolean): Promise<string>;
}

/**
 * The device cookie: one JWT of its own purpose (http/signedTokens.ts) listing up to five entries
 * `[id, account, issued]`, one per account (`account`: a keyed hash of the email, so the cookie names no
 * address), each good for DEVICE_DAYS after it was issued; every instance configured with the same
 * JWT_SECRET recognises it.
 */
export function deviceCookies(secret: Uint8Array): DeviceCookies {
  const tokens = signedTokens(secret, 'device-cookie');
  // a pseudonym, not a token: the same email always gives the same tag, which only the server can make
  const tagKey = purposeKey(secret, 'device-cookie-account');
  const accountTag = (email: string) => crypto.createHmac('sha256', tagKey).update(normalEmail(email)).digest('base64url').slice(0, 16);
  const now = () => Math.floor(Date.now() / 1000);

  type Entry = { id: string; account: string; issued: number };
  async function entries(cookieHeader: string | undefined): Promise<Entry[]> {
    const value = readCookie(cookieHeader, DEVICE_COOKIE);
    const claims = value ? await tokens.verify(value) : null;
    const list: unknown[] = Array.isArray(claims?.d) ? claims.d : [];
    const valid: Entry[] = [];
    for (const e of list.slice(0, DEVICE_ENTRIES)) {
      if (!Array.isArray(e) || e.length !== 3) continue;
      const [id, account, issued] = e as unknown[];
      if (typeof id !== 'string' || typeof account !== 'string' || typeof issued !== 'number' || !(now() - issued < DEVICE_DAYS * DAY)) continue;
      valid.push({ id, account, issued });
    }
    return valid;
  }

  return {
    async read(cookieHeader, email) {
      const account = accountTag(email);
      return (await entries(cookieHeader)).find((e) => e.account === account)?.id ?? null;
    },
    async issue(cookieHeader, email, deviceId, secure) {
      const account = accountTag(email);
      const id = deviceId ?? crypto.randomBytes(12).toString('base64url');
      const kept = [{ id, account, issued: now() }, ...(await entries(cookieHeader)).filter((e) => e.account !== account)].slice(0, DEVICE_ENTRIES);
      const value = await tokens.sign({ d: kept.map((e) => [e.id, e.account, e.issued]) }, Math.max(...kept.map((e) => e.issued)) + DEVICE_DAYS * DAY);
      return `${DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${DEVICE_DAYS * DAY}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}

type Attempt = { email: string; keys: string[]; deviceId: string | null };

/** The guard for sign-in routes (a preHandler, after the body is read) and the onSend hook that resets and remembers on success. */
export function signInThrottle(store: LimitStore, devices: DeviceCookies, options: SignInThrottleOptions) {
  const { freeFailures: free, maxFailures: cap } = options;
  const attempts = new WeakMap<FastifyRequest, Attempt>();
  const counter = (key: string, free: number, cap: number, keepSeconds: number): ThrottleCounter => ({ key, free, cap, keepSeconds });

  function refuse(reply: FastifyReply, code: 'rate_limited' | 'signin_throttled', retryAfterMs: number): never {
    void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw new AppError(429, code);
  }

  /**
   * `account` reads the email from the request; requests without one are left to validation. `window`
   * hands over the request's per-address window when it is still to be counted: it is counted in the
   * same statement (auth/rateLimit.ts, perIp with `withSignIn`).
   */
  const guard =
    (account: (request: FastifyRequest) => unknown, window: (request: FastifyRequest) => WindowCounter | null = () => null) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const value = account(request);
      if (typeof value !== 'string' || !value.trim()) return;
      const email = normalEmail(value);
      let perAddress = window(request);

      const deviceId = await devices.read(request.headers.cookie, email);
      if (deviceId) {
        const key = keys.device(deviceId);
        const claim = await store.claim([counter(key, free, cap, DEVICE_DAYS * DAY)], perAddress);
        perAddress = null;
        if (claim.ok) {
          attempts.set(request, { email, keys: [key], deviceId });
          return;
        }
        if (claim.reason === 'window') refuse(reply, 'rate_limited', claim.retryAfterMs);
        if (claim.reason === 'delay') refuse(reply, 'signin_throttled', claim.retryAfterMs);
        // a known device that failed `cap` times in a row is trusted no more: it signs in like any other
      }

      const pair = keys.pair(email, normalizeIP(request.ip));
      const whole = keys.account(email);
      const claim = await store.claim([counter(pair, free, NO_CAP, DAY), counter(whole, Math.min(2 * free, NO_CAP), cap, DEVICE_DAYS * DAY)], perAddress);
      if (!claim.ok) {
        if (claim.reason === 'cap') throw new AppError(429, 'signin_locked');
        refuse(reply, claim.reason === 'window' ? 'rate_limited' : 'signin_throttled', claim.retryAfterMs);
      }
      attempts.set(request, { email, keys: [pair, whole], deviceId: null });
    };

  /** onSend: a sign-in that succeeded resets what it was counted on and marks the browser a known device. */
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const attempt = attempts.get(request);
    if (!attempt) return payload;
    attempts.delete(request);
    if (reply.statusCode !== 200) return payload;
    store.forgetSoon(attempt.keys);
    void reply.header('set-cookie', await devices.issue(request.headers.cookie, attempt.email, attempt.deviceId, request.protocol === 'https'));
    return payload;
  }

  return { guard, onSend };
}
