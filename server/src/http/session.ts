import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionTokens;
    /** preHandler: rejects with 401 unless the request carries a valid session; sets request.userId. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    userId: string;
  }
}

export interface SessionTokens {
  issue(userId: string): Promise<string>;
  verify(token: string): Promise<string>;
}

/** The signing secret: configured, or generated once and kept beside the data so restarts keep sessions. */
export function resolveSecret(configured: string | null, dataDir: string | 'memory'): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  if (dataDir === 'memory') return crypto.randomBytes(32);
  const file = path.join(dataDir, 'secrets', 'jwt.key');
  try {
    return fs.readFileSync(file);
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = crypto.randomBytes(32);
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

export function createSessionTokens(secret: Uint8Array, ttlHours: number): SessionTokens {
  return {
    issue: (userId) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt().setExpirationTime(`${ttlHours}h`).sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        if (!payload.sub) throw new Error('no subject');
        return payload.sub;
      } catch {
        throw unauthorized();
      }
    },
  };
}

export const sessionPlugin = fp<{ secret: Uint8Array; ttlHours: number }>(async (app, options) => {
  const tokens = createSessionTokens(options.secret, options.ttlHours);
  app.decorate('sessions', tokens);
  app.decorateRequest('userId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized();
    request.userId = await tokens.verify(match[1]);
  });
}, { name: 'sessions' });
