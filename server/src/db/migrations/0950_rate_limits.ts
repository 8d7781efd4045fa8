import { sql, type Kysely } from 'kysely';

/**
 * Rate limits and sign-in throttling shared by every server instance (auth/throttleStore.ts): one row per
 * counter (`key`, e.g. the per-address window of a route group, or the failed sign-ins of an account),
 * counted with one INSERT ... ON CONFLICT DO UPDATE statement. `updated_at` is the last counted attempt
 * (sign-in delays run from it); `expires_at` is when the row means nothing any more: a window's end,
 * or how long failures are remembered. Expired rows are deleted in small batches as counters are written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
