import { sql, type Kysely } from 'kysely';

/**
 * Search passes: one credit buys a patient's search for a day. A pass records the patient's answers (a
 * fingerprint of the derived patient, location left out) and when it was bought; widening or narrowing
 * the location with the same answers within 24 hours spends nothing more (plans/passes.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_passes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('bought_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('search_passes_pkey', ['user_id', 'patient_id'])
    .addForeignKeyConstraint('search_passes_patient_fkey', ['user_id', 'patient_id'], 'patients', ['user_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_passes').execute();
}
