import { sql, type Kysely } from 'kysely';

/**
 * Reference vocabularies imported from the shared data (OncoTree, NCBI genes, MITRE / CIViC drugs), one
 * row per vocabulary with its source, version and content, so later starts reload them without the
 * files. Stored trials record the knowledge-base version (vocabularies + compiler) they were compiled
 * with, so a start with other vocabularies knows to recompile them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vocabularies')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('trials').addColumn('kb_version', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trials').dropColumn('kb_version').execute();
  await db.schema.dropTable('vocabularies').execute();
}
