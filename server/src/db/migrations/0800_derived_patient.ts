import { type Kysely } from 'kysely';

/**
 * The patient a folder's answers describe is stored beside them (written in the transaction that saves
 * the answers), with the version of the derivation that built it: searches, results and the survey read
 * it instead of rebuilding it; a folder saved under an older derivation or vocabulary release is rebuilt
 * on first read (survey/derivedPatient.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('survey_folders').addColumn('patient', 'jsonb').execute();
  await db.schema.alterTable('survey_folders').addColumn('patient_version', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('survey_folders').dropColumn('patient_version').execute();
  await db.schema.alterTable('survey_folders').dropColumn('patient').execute();
}
