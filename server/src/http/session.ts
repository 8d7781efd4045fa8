import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { sql, type ColumnType, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/schema';
import { unauthorized } from './errors';
import { guardApi } from './access';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionTokens;
    /** Rejects with 401 unless the request carries a valid session; sets request.userId. Run for every /api route by the gate (http/access.ts). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    userId: string;
    /** The server-side session the request's token names. */
    sessionId: string;
  }
}

export interface SessionInfo {
  id: string;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
}

export interface SessionTokens {
  /** A new session for the user and its token. */
  issue(userId: string, meta?: { userAgent?: string }): Promise<string>;
  /** The user of a valid token whose session is still open; 401 otherwise. */
  verify(token: string): Promise<string>;
  verifySession(token: string): Promise<{ userId: string; sessionId: string }>;
  list(userId: string): Promise<SessionInfo[]>;
  /** Whether the user's session is still open (not ended, not expired): download tickets live only as long as it. */
  isOpen(userId: string, sessionId: string): Promise<boolean>;
  /** Ends one session of the user (false: no such open session). */
  end(userId: string, sessionId: string): Promise<boolean>;
  /** Ends every session of the user, but `except` (the one asking, for "sign out everywhere else"). */
  endAll(userId: string, except?: string): Promise<number>;
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

export interface SessionsTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  user_agent: string | null;
  created_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, never, Date | ReturnType<typeof sql>>;
  expires_at: Date;
  ended_at: ColumnType<Date | null, never, Date | ReturnType<typeof sql> | null>;
}

/**
 * How long a session found open is believed without asking the database again: a session ended on this
 * instance is forgotten at once; on another instance it takes at most this long. Keeps the check off the
 * database for almost every request.
 */
const CACHE_MS = 30_000;
const CACHE_MAX = 10_000;
/** Last use is written at most this often per session. */
const TOUCH_MS = 5 * 60_000;

/** Sessions in the database and signed tokens that name them (`sid`), checked on every request. */
export function createSessionTokens(secret: Uint8Array, ttlHours: number, database: Kysely<Database>): SessionTokens {
  const db = database;
  // token: the exact token verified for this session; the same bytes again need no new signature check
  // (HMAC through WebCrypto was a tenth of a database-backed request's CPU under load)
  const cache = new Map<string, { userId: string; until: number; touched: number; token: string; exp: number }>();
  const forget = (pred: (sid: string, userId: string) => boolean) => {
    for (const [sid, v] of cache) if (pred(sid, v.userId)) cache.delete(sid);
  };

  /** The cached session whose token is exactly this one, still valid; null otherwise. */
  function knownToken(token: string, now: number) {
    let sid: unknown;
    try {
      sid = decodeJwt(token).sid;
    } catch {
      return null;
    }
    const hit = typeof sid === 'string' ? cache.get(sid) : undefined;
    return hit && hit.token === token && hit.until > now && hit.exp * 1000 > now ? { sid: sid as string, sub: hit.userId } : null;
  }

  async function verifySession(token: string): Promise<{ userId: string; sessionId: string }> {
    let sub: string | undefined;
    let sid: unknown;
    let exp = 0;
    const known = knownToken(token, Date.now());
    if (known) {
      sub = known.sub;
      sid = known.sid;
    } else {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        sub = payload.sub;
        sid = payload.sid;
        exp = payload.exp ?? 0;
      } catch {
        throw unauthorized();
      }
    }
    // tokens from before server-side sessions name none: they are no longer accepted
    if (!sub || typeof sid !== 'string' || !/^[0-9a-f-]{36}$/.test(sid)) throw unauthorized();
    const now = Date.now();
    const hit = cache.get(sid);
    if (hit && hit.until > now && hit.userId === sub) {
      if (now - hit.touched > TOUCH_MS) {
        hit.touched = now;
        void db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sid).execute().catch(() => undefined);
      }
      return { userId: sub, sessionId: sid };
    }
    const row = await db.selectFrom('sessions').select(['user_id']).where('id', '=', sid).where('ended_at', 'is', null).where('expires_at', '>', new Date()).executeTakeFirst();
    if (!row || row.user_id !== sub) {
      cache.delete(sid);
      throw unauthorized();
    }
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(sid, { userId: sub, until: now + CACHE_MS, touched: now, token, exp });
    void db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sid).execute().catch(() => undefined);
    return { userId: sub, sessionId: sid };
  }

  return {
    async issue(userId, meta = {}) {
      const expires = new Date(Date.now() + ttlHours * 3_600_000);
      const row = await db
        .insertInto('sessions')
        .values({ user_id: userId, user_agent: meta.userAgent?.slice(0, 300) ?? null, expires_at: expires })
        .returning('id')
        .executeTakeFirstOrThrow();
      return new SignJWT({ sid: row.id }).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt().setExpirationTime(Math.floor(expires.getTime() / 1000)).sign(secret);
    },
    verifySession,
    verify: async (token) => (await verifySession(token)).userId,
    async isOpen(userId, sessionId) {
      if (!/^[0-9a-f-]{36}$/.test(sessionId)) return false;
      const hit = cache.get(sessionId);
      if (hit && hit.until > Date.now() && hit.userId === userId) return true;
      const row = await db.selectFrom('sessions').select('id').where('id', '=', sessionId).where('user_id', '=', userId).where('ended_at', 'is', null).where('expires_at', '>', new Date()).executeTakeFirst();
      return Boolean(row);
    },
    async list(userId) {
      const rows = await db.selectFrom('sessions').select(['id', 'user_agent', 'created_at', 'last_seen_at']).where('user_id', '=', userId).where('ended_at', 'is', null).where('expires_at', '>', new Date()).orderBy('last_seen_at', 'desc').execute();
      return rows.map((r) => ({ id: r.id, userAgent: r.user_agent, createdAt: new Date(r.created_at).toISOString(), lastSeenAt: new Date(r.last_seen_at).toISOString() }));
    },
    async end(userId, sessionId) {
      if (!/^[0-9a-f-]{36}$/.test(sessionId)) return false;
      const r = await db.updateTable('sessions').set({ ended_at: sql`now()` }).where('id', '=', sessionId).where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst();
      forget((sid) => sid === sessionId);
      return Number(r.numUpdatedRows) > 0;
    },
    async endAll(userId, except) {
      let q = db.updateTable('sessions').set({ ended_at: sql`now()` }).where('user_id', '=', userId).where('ended_at', 'is', null);
      if (except) q = q.where('id', '!=', except);
      const r = await q.executeTakeFirst();
      forget((sid, uid) => uid === userId && sid !== except);
      return Number(r.numUpdatedRows);
    },
  };
}

export const sessionPlugin = fp<{ secret: Uint8Array; ttlHours: number; db: Kysely<Database> }>(async (app, options) => {
  const tokens = createSessionTokens(options.secret, options.ttlHours, options.db);
  app.decorate('sessions', tokens);
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized();
    const s = await tokens.verifySession(match[1]);
    request.userId = s.userId;
    request.sessionId = s.sessionId;
  });
  // the one way into /api (http/access.ts): every route there needs a session but the allow-listed ones
  guardApi(app, app.authenticate);
}, { name: 'sessions' });
