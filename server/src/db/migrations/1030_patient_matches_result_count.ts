import { sql, type Kysely } from 'kysely';

/**
 * Expand only: each saved search's result count beside its results, so listing folders (GET /api/patients,
 * ~0.7 MB of explained results per search) reads a number instead of unpacking every search's JSON to count
 * it (on the embedded PGlite that work ran on the server's event loop: bench:load). Rows the previous
 * release writes meanwhile have no count: readers fall back to counting them (patients/storage.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('patient_matches').addColumn('result_count', 'integer').execute();
  await sql`update patient_matches set result_count = jsonb_array_length(results) where result_count is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('patient_matches').dropColumn('result_count').execute();
}
