import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type LinkPurpose = 'verify_email' | 'reset_password';

/** How long each kind of mailed link stays valid. */
export const linkLifetimeMinutes: Record<LinkPurpose, number> = { verify_email: 24 * 60, reset_password: 60 };

/** SHA-256 of a link token: the database never holds a usable link (a leaked dump cannot verify or reset). */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Single-use, time-limited links. A token is 32 random bytes (base64url, 43 characters); only its hash
 * is stored. Consuming is one conditional UPDATE, so two clicks racing on one link cannot both succeed.
 */
export function linkTokens(db: Kysely<Database>) {
  return {
    async issue(userId: string, email: string, purpose: LinkPurpose): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await db
        .insertInto('email_tokens')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          purpose,
          email,
          expires_at: sql<Date>`now() + make_interval(mins => ${linkLifetimeMinutes[purpose]})` as unknown as Date,
        })
        .execute();
      return token;
    },
    /** Marks the link used and returns its user and address; null when unknown, expired or already used. */
    async consume(token: string, purpose: LinkPurpose, trx: Kysely<Database> = db): Promise<{ userId: string; email: string } | null> {
      const row = await trx
        .updateTable('email_tokens')
        .set({ used_at: sql<Date>`now()` as unknown as Date })
        .where('token_hash', '=', hashToken(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()` as unknown as Date)
        .returning(['user_id', 'email'])
        .executeTakeFirst();
      return row ? { userId: row.user_id, email: row.email } : null;
    },
    /** Retires every outstanding link of a kind (after a reset, older reset links must stop working). */
    revokeAll: (userId: string, purpose: LinkPurpose, trx: Kysely<Database> = db) =>
      trx
        .updateTable('email_tokens')
        .set({ used_at: sql<Date>`now()` as unknown as Date })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute(),
    /**
     * Claims the right to send a mail of this kind: true at most once per `seconds` per user. One
     * INSERT ... ON CONFLICT DO UPDATE ... WHERE, so concurrent requests cannot both pass.
     */
    async claimCooldown(userId: string, kind: LinkPurpose, seconds: number): Promise<boolean> {
      const row = await db
        .insertInto('mail_cooldowns')
        .values({ user_id: userId, kind, sent_at: sql<Date>`now()` as unknown as Date })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'kind'])
            .doUpdateSet({ sent_at: sql<Date>`now()` as unknown as Date })
            .where('mail_cooldowns.sent_at', '<=', sql<Date>`now() - make_interval(secs => ${seconds})` as unknown as Date),
        )
        .returning('user_id')
        .executeTakeFirst();
      return Boolean(row);
    },
    /** Gives the cooldown back when the mail could not be sent, so the user may retry at once. */
    releaseCooldown: (userId: string, kind: LinkPurpose) =>
      db.deleteFrom('mail_cooldowns').where('user_id', '=', userId).where('kind', '=', kind).execute(),
  };
}
export type LinkTokens = ReturnType<typeof linkTokens>;
