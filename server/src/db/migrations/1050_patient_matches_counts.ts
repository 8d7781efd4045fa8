import type { Kysely } from 'kysely';

/**
 * Expand only: each saved search keeps the catalogue's counts its scan made (open and closed trials, open per wider
 * scope), so opening saved results reads them instead of running a second, free search only to count (the results
 * page did that on every open). Rows the previous release writes have none: the page then asks for a view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('patient_matches').addColumn('counts', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('patient_matches').dropColumn('counts').execute();
}
