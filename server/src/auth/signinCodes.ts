import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashToken } from './tokens';

/** Seconds a one-time sign-in code is good for: the page exchanges it right after the redirect. */
export const SIGNIN_CODE_SECONDS = 60;

/**
 * One-time codes that finish an external sign-in (Google). The provider's callback redirects the browser
 * to /auth#code=..., never with the session token: a URL lands in browser history, proxies' and servers'
 * logs and Referer headers, a 168-hour token must not. The page POSTs the code once
 * (/api/auth/signin-code) and receives the session; a code is 32 random bytes, stored as its SHA-256,
 * valid SIGNIN_CODE_SECONDS and consumed by one DELETE ... RETURNING, so two exchanges cannot both win.
 */
export function signinCodes(db: Kysely<Database>) {
  return {
    async issue(userId: string): Promise<string> {
      const code = crypto.randomBytes(32).toString('base64url');
      await db
        .insertInto('signin_codes')
        .values({ code_hash: hashToken(code), user_id: userId, expires_at: sql<Date>`now() + make_interval(secs => ${SIGNIN_CODE_SECONDS})` as unknown as Date })
        .execute();
      // expired codes of anyone go with each new one: the table holds only the last minute's
      await db.deleteFrom('signin_codes').where('expires_at', '<', sql<Date>`now()` as unknown as Date).execute();
      return code;
    },
    /** The user a code was issued for, once; null when unknown, expired or already used. */
    async consume(code: string): Promise<string | null> {
      const row = await db
        .deleteFrom('signin_codes')
        .where('code_hash', '=', hashToken(code))
        .where('expires_at', '>', sql<Date>`now()` as unknown as Date)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
  };
}
export type SigninCodes = ReturnType<typeof signinCodes>;
