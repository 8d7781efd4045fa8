import { sql, type Kysely } from 'kysely';

/**
 * Expand only: the resumable uploads each account has open (created, not finished, cancelled or expired),
 * with the bytes each declared, so the per-account caps (vault/accountLimits.ts) hold across instances
 * whatever the upload area (local disk or S3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vault_open_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('declared_bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('vault_open_uploads_owner_idx').on('vault_open_uploads').columns(['owner_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vault_open_uploads').execute();
}
