import { sql, type Kysely } from 'kysely';

/**
 * Expand only (nothing the previous release reads is changed or dropped):
 * - `plans.period_months`: how long a plan's allowance lasts (1: a calendar month).
 * - `users.period_start`: when the user's current period began (00:00 UTC on the first of a month); an
 *   account's credits are renewed to its plan's allowance when the period is over (plans/period.ts).
 *   Existing accounts start their period this month.
 * - `search_credits`: one row per credit taken, with the folder it was taken for (null: a search without a
 *   folder), so a folder card counts exactly the credits its searches took (plans/storage.ts).
 * - `plan_requests`: a plan change or a call asked for from the upgrade form (beta: no payment), with the
 *   state the team moves it through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table plans add column period_months integer not null default 1 check (period_months > 0)`.execute(db);
  await sql`alter table users add column period_start timestamptz not null default (date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`.execute(
    db,
  );

  await db.schema
    .createTable('search_credits')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', 'text')
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('search_credits_patient_fkey', ['user_id', 'patient_id'], 'patients', ['user_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('search_credits_user_idx').on('search_credits').columns(['user_id', 'patient_id', 'taken_at']).execute();

  await db.schema
    .createTable('plan_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('upgrade', 'call')`))
    .addColumn('plan_id', 'text', (c) => c.references('plans.id'))
    .addColumn('phone', 'text')
    .addColumn('message', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('received').check(sql`state in ('received', 'contacted', 'applied', 'declined')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('plan_requests_user_idx').on('plan_requests').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plan_requests').execute();
  await db.schema.dropTable('search_credits').execute();
  await sql`alter table users drop column period_start`.execute(db);
  await sql`alter table plans drop column period_months`.execute(db);
}
