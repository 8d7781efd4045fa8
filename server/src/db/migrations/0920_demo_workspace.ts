import { type Kysely } from 'kysely';

/** When the demo workspace was last rebuilt: one row, claimed by the instance that rebuilds it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_workspace')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_workspace').execute();
}
