import { sql, type Kysely } from 'kysely';

/**
 * Expand only (nothing the previous release reads is changed or dropped):
 * - `signin_codes`: one-time codes that finish an external sign-in (Google). The callback redirects with a
 *   code, never the session token; the page exchanges it by POST once. Only the SHA-256 is stored.
 * - `plans.vault_quota_bytes`: the bytes of vault files each plan may keep (vault/quota.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signin_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signin_codes_expires_idx').on('signin_codes').column('expires_at').execute();
  // a plan without its own figure gets the free plan's 1 GiB
  await sql`alter table plans add column vault_quota_bytes bigint not null default 1073741824`.execute(db);
  await sql`update plans set vault_quota_bytes = case id when 'pro' then 21474836480 when 'enterprise' then 214748364800 else 1073741824 end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table plans drop column vault_quota_bytes`.execute(db);
  await db.schema.dropTable('signin_codes').execute();
}
