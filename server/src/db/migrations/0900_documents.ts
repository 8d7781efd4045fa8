import { sql, type Kysely } from 'kysely';

/**
 * Reports uploaded to a patient folder: the vault file that holds the bytes (the one place files live),
 * what kind of report it is, where processing stands, and the findings read from it, each with its
 * provenance and the clinician's decision (proposed / accepted / rejected; an edit keeps what was read).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull())
    .addColumn('vault_item_id', 'uuid', (c) => c.references('vault_items.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('other'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('processing'))
    .addColumn('reason', 'text')
    .addColumn('pages', 'integer')
    .addColumn('findings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('documents_patient_fkey', ['user_id', 'patient_id'], 'patients', ['user_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('documents_patient_idx').on('documents').columns(['user_id', 'patient_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('documents').execute();
}
