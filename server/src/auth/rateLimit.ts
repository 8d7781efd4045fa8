import rateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import { hashSubject, limitStore, type LimitStore, type WindowCounter } from './throttleStore';
import { deviceCookies, signInThrottle, type DeviceCookies } from './throttle';

export interface AuthRateLimits {
  perIpPerMinute: number;
  perAccountPer15Min: number;
  /** Sign-in throttling (auth/throttle.ts): failures before delays start (default 5) and the hard cap (default 100). */
  signInFreeFailures?: number;
  signInMaxFailures?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters every instance shares (rate_limits table) and the device-cookie signer. */
    authLimits: { store: LimitStore; devices: DeviceCookies };
  }
}

/**
 * Registered once at the root (app.ts): the shared limit store on the app's database and the device
 * cookies signed with the session secret, for every plugin that guards credential routes.
 */
export const authLimitsPlugin = fp(
  async (app: FastifyInstance, options: { db: Kysely<Database>; secret: Uint8Array }) => {
    const store = limitStore(options.db, { log: app.log });
    app.decorate('authLimits', { store, devices: deviceCookies(options.secret) });
    app.addHook('onClose', async () => store.settled());
  },
  { name: 'oncodesk-auth-limits' },
);

/**
 * @fastify/rate-limit's custom `store` (its README's interface: incr / read / child) over the shared
 * table. Keys already carry the guard's name, so a child is the same store.
 */
function sharedStore(store: LimitStore): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      store.hit(key, timeWindow).then(
        (r) => callback(null, { current: r.count, ttl: r.ttlMs }),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      store.peek(key).then(
        (r) => callback(null, { current: r.count, ttl: r.ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Rate limits for the credential endpoints, counted in the database (auth/throttleStore.ts) so they hold
 * across server instances. Windows per client address (stops one machine spraying many accounts) and per
 * account (email lookups, resends, recovery) run on @fastify/rate-limit with the shared store; a guard of
 * the same name made in another plugin (the spec's compatibility calls) counts on the same rows. Password
 * sign-in is not limited per account in a window (that locked the owner out): it is throttled
 * (auth/throttle.ts).
 */
export async function authRateLimiter(app: FastifyInstance, limits: AuthRateLimits) {
  if (!app.authLimits) throw new Error('authLimitsPlugin must be registered before the credential routes');
  const { store, devices } = app.authLimits;
  // global: false, so only what we guard here is limited.
  await app.register(rateLimit, { global: false, store: sharedStore(store) });
  const throttle = signInThrottle(store, devices, { freeFailures: limits.signInFreeFailures ?? 5, maxFailures: limits.signInMaxFailures ?? 100 });
  app.addHook('onSend', throttle.onSend);

  const counterKey = (name: string, subject: string) => `limit:${name}:${hashSubject(subject)}`;
  // Per-address windows left to the sign-in guard (perIp with `withSignIn`), counted in its statement; one
  // the guard never took (the body failed validation) is counted once the answer is sent.
  const pendingWindows = new WeakMap<FastifyRequest, WindowCounter>();
  app.addHook('onResponse', async (request) => {
    const window = pendingWindows.get(request);
    if (!window) return;
    pendingWindows.delete(request);
    await store.hit(window.key, window.windowMs).catch((error) => request.log.warn({ err: error }, 'rate limit not counted'));
  });
  const takeWindow = (request: FastifyRequest) => {
    const window = pendingWindows.get(request) ?? null;
    pendingWindows.delete(request);
    return window;
  };

  function counter(name: string, max: number, timeWindow: number, key: (request: FastifyRequest) => string | null): Guard {
    const check = app.createRateLimit({ max, timeWindow, keyGenerator: (request: FastifyRequest) => counterKey(name, key(request) ?? '') });
    return async (request, reply) => {
      if (key(request) === null) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError(429, 'rate_limited');
      }
    };
  }

  const signIn = (account: (request: FastifyRequest) => unknown): Guard => throttle.guard(account, takeWindow);
  return {
    /**
     * onRequest guard: requests per IP (an IPv6 client by its /64) per minute for one endpoint group.
     * `withSignIn`: the route's sign-in guard counts it in its own statement (one database round trip per
     * attempt instead of two; the same row as the plain guard of that group).
     */
    perIp: (group: string, options: { withSignIn?: boolean } = {}): Guard => {
      const ip = (request: FastifyRequest) => normalizeIP(request.ip);
      if (!options.withSignIn) return counter(`ip:${group}`, limits.perIpPerMinute, 60_000, ip);
      return async (request) => {
        pendingWindows.set(request, { key: counterKey(`ip:${group}`, ip(request)), max: limits.perIpPerMinute, windowMs: 60_000 });
      };
    },
    /**
     * preHandler guard: attempts per account per 15 minutes; `account` reads the email from the request.
     * The group `signin` is the sign-in throttle instead, whoever asks for it.
     */
    perAccount: (group: string, account: (request: FastifyRequest) => unknown): Guard =>
      group === 'signin'
        ? signIn(account)
        : counter(`account:${group}`, limits.perAccountPer15Min, 15 * 60_000, (request) => {
            const value = account(request);
            return typeof value === 'string' && value ? value.trim().toLowerCase() : null;
          }),
    /** preHandler guard for password sign-in: delays that grow with consecutive failures (auth/throttle.ts). */
    signIn,
  };
}
