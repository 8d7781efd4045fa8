import { sql, type Kysely } from 'kysely';

/**
 * documents.attempts: how many times a report's reading was started, counted in the database before the
 * reading begins. A reading that took the process down twice (counted, never finished) is marked failed at
 * start instead of being resumed a third time, so one hostile file cannot make every restart die again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(sql`0`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('attempts').execute();
}
