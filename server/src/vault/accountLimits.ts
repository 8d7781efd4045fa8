import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import { hashSubject } from '../auth/throttleStore';
import type { VaultAccountLimits } from '../config/env';

/**
 * What one account may use of the vault (the figures: VaultAccountLimits in config/env.ts), so one
 * account cannot exhaust the service for the others:
 * - share mails per hour and per day (each recipient is a mail sent in the owner's name);
 * - bytes kept, the quota of the account's plan (plans.vault_quota_bytes);
 * - resumable uploads open at once, and the bytes they declared together.
 * Every check that must hold against concurrent requests of the same account takes the account's users
 * row lock (SELECT ... FOR UPDATE) first, so two requests cannot both pass on the same headroom.
 */

/** A refused request's error, with the seconds after which the same request may pass (Retry-After). */
export class LimitExceeded extends AppError {
  constructor(
    statusCode: number,
    code: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(statusCode, code);
  }
}

export const quotaExceeded = () => new LimitExceeded(413, 'vault_quota_exceeded');

type Trx = Kysely<Database>;

/** Locks the account's row for the rest of the transaction: its limit checks run one at a time. */
const lockAccount = (trx: Trx, userId: string) => trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();

export function vaultAccountLimits(db: Kysely<Database>, limits: VaultAccountLimits, uploadExpiryHours: number) {
  /**
   * Counts `n` on a fixed window (the rate_limits rows the sign-in limits use) unless that would pass
   * `max`; refuses with the seconds left in the window. The window starts with its first mail.
   */
  async function takeWindow(trx: Trx, key: string, n: number, max: number, windowSeconds: number, code: string): Promise<void> {
    const { rows } = await sql<{ count: number }>`
      insert into rate_limits as r (key, count, updated_at, expires_at)
      values (${key}, ${n}, now(), now() + make_interval(secs => ${windowSeconds}::float8))
      on conflict (key) do update set
        count = case when r.expires_at <= now() then excluded.count else r.count + excluded.count end,
        expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end,
        updated_at = now()
      where r.expires_at <= now() or r.count + excluded.count <= ${max}
      returning r.count`.execute(trx);
    if (rows.length && n <= max) return;
    const { rows: left } = await sql<{ s: number }>`select greatest(1, ceil(extract(epoch from expires_at - now())))::int as s from rate_limits where key = ${key}`.execute(trx);
    throw new LimitExceeded(429, code, left[0]?.s ?? windowSeconds);
  }
  const shareKeys = (userId: string) => ({ hour: `vault:share-mails:hour:${hashSubject(userId)}`, day: `vault:share-mails:day:${hashSubject(userId)}` });

  return {
    limits,

    /** Counts `n` share mails of the account, or refuses (429) when the hour's or the day's allowance would be passed; nothing is counted then. */
    async takeShareMails(userId: string, n: number): Promise<void> {
      const keys = shareKeys(userId);
      await db.transaction().execute(async (trx) => {
        await takeWindow(trx, keys.hour, n, limits.shareMailsPerHour, 3600, 'vault_share_mails_hour');
        await takeWindow(trx, keys.day, n, limits.shareMailsPerDay, 86_400, 'vault_share_mails_day');
      });
    },
    /** Gives back mails counted for a share that was withdrawn (its mails could not be sent). */
    async giveBackShareMails(userId: string, n: number): Promise<void> {
      const keys = shareKeys(userId);
      await sql`update rate_limits set count = greatest(0, count - ${n}) where key in (${keys.hour}, ${keys.day})`.execute(db);
    },

    /** The plan's quota of the account, in bytes. */
    async quotaBytes(userId: string, trx: Trx = db): Promise<number> {
      const row = await trx.selectFrom('users').innerJoin('plans', 'plans.id', 'users.plan_id').select('plans.vault_quota_bytes').where('users.id', '=', userId).executeTakeFirst();
      return Number(row?.vault_quota_bytes ?? 0);
    },

    /**
     * Inside the transaction that records a new file: refuses (413 vault_quota_exceeded) when the
     * account's files and this one would pass the plan's quota. The authoritative check: early ones
     * (a declared size) only spare the upload.
     */
    async checkQuota(trx: Trx, userId: string, addedBytes: number): Promise<void> {
      await lockAccount(trx, userId);
      const used = await trx.selectFrom('vault_items').select(sql<string>`coalesce(sum(size), 0)`.as('bytes')).where('owner_id', '=', userId).where('kind', '=', 'file').executeTakeFirstOrThrow();
      if (Number(used.bytes) + addedBytes > (await this.quotaBytes(userId, trx))) throw quotaExceeded();
    },

    /**
     * Records a new resumable upload of the account, or refuses it: 429 vault_uploads_too_many when the
     * account already has `openUploads` open, 413 vault_uploads_too_large when their declared bytes and
     * this one's would pass `openUploadBytes`. An upload of deferred length counts as `unknownSize`.
     * Uploads older than the upload expiry no longer count (the sweep deletes them).
     */
    async openUpload(userId: string, uploadId: string, declaredBytes: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lockAccount(trx, userId);
        const open = await trx
          .selectFrom('vault_open_uploads')
          .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(declared_bytes), 0)`.as('bytes')])
          .where('owner_id', '=', userId)
          .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${uploadExpiryHours * 3600}::float8)` as unknown as Date)
          .executeTakeFirstOrThrow();
        if (Number(open.n) >= limits.openUploads) throw new LimitExceeded(429, 'vault_uploads_too_many');
        if (Number(open.bytes) + declaredBytes > limits.openUploadBytes) throw new LimitExceeded(413, 'vault_uploads_too_large');
        await trx.insertInto('vault_open_uploads').values({ id: uploadId, owner_id: userId, declared_bytes: declaredBytes }).execute();
      });
    },
    /** The upload is over (finished, cancelled): it no longer counts. */
    closeUpload: async (uploadId: string) => void (await db.deleteFrom('vault_open_uploads').where('id', '=', uploadId).execute()),
    /** Forgets uploads past the expiry (the sweep removed their bytes). */
    expireUploads: async () =>
      Number(
        (await db.deleteFrom('vault_open_uploads').where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${uploadExpiryHours * 3600}::float8)` as unknown as Date).executeTakeFirst()).numDeletedRows,
      ),
  };
}
export type VaultAccountLimitsService = ReturnType<typeof vaultAccountLimits>;
