import type { Kysely } from 'kysely';

/**
 * Expand only: a trial's source record as received (a ClinicalTrials.gov API v2 study from the registry
 * sync), its format and when it was fetched, so a knowledge-base upgrade compiles synced trials again from
 * what the registry sent instead of deleting them (trials/loader.ts). Trials of the shared data have none:
 * their files are their source.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trials').addColumn('raw_record', 'text').addColumn('raw_format', 'text').addColumn('fetched_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trials').dropColumn('raw_record').dropColumn('raw_format').dropColumn('fetched_at').execute();
}
