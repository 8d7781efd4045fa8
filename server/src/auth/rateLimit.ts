import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';

export interface AuthRateLimits {
  perIpPerMinute: number;
  perAccountPer15Min: number;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Rate limits for the credential endpoints, on @fastify/rate-limit's store (in memory: per server
 * process). Each guarded route gets two counters: one per client IP (stops one machine spraying many
 * accounts) and one per account (stops many machines guessing one account's password). The account
 * counter runs as a preHandler, after the body is parsed, and keys on the lower-cased email.
 */
export async function authRateLimiter(app: FastifyInstance, limits: AuthRateLimits) {
  // global: false, so only what we guard here is limited.
  await app.register(rateLimit, { global: false });

  function counter(name: string, max: number, timeWindow: number, key: (request: FastifyRequest) => string | null): Guard {
    const check = app.createRateLimit({ max, timeWindow, keyGenerator: (request: FastifyRequest) => `${name}:${key(request) ?? ''}` });
    return async (request, reply) => {
      if (key(request) === null) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(429, 'rate_limited');
      }
    };
  }

  return {
    /** onRequest guard: requests per IP per minute for one endpoint group. */
    perIp: (group: string) => counter(`ip:${group}`, limits.perIpPerMinute, 60_000, (request) => request.ip),
    /** preHandler guard: attempts per account per 15 minutes; `account` reads the email from the request. */
    perAccount: (group: string, account: (request: FastifyRequest) => unknown) =>
      counter(`account:${group}`, limits.perAccountPer15Min, 15 * 60_000, (request) => {
        const value = account(request);
        return typeof value === 'string' && value ? value.toLowerCase() : null;
      }),
  };
}
