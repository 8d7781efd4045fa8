import type { Kysely } from 'kysely';

/** How many pages of a report were read by OCR (scans and photos: values a clinician checks with more care). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('ocr_pages', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('ocr_pages').execute();
}
