import { sql, type Kysely } from 'kysely';

/**
 * The in-process job queue's table (embedded PGlite only: on PostgreSQL pg-boss keeps its own schema).
 * Jobs live in the database so a crash loses none: a job running at the crash runs again at the next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_queue')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('singleton_key', 'text')
    // created (waiting), active, completed, failed (every attempt failed: the dead-letter view)
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('job_queue_due_idx').on('job_queue').columns(['state', 'run_after']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_queue').execute();
}
