import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('searches_per_period', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into plans (id, name, searches_per_period, sort_order) values
    ('free', 'Free', 10, 0), ('pro', 'Pro', 200, 1), ('enterprise', 'Enterprise', 100000, 2)`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text')
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_hash', 'text')
    .addColumn('nickname', 'text')
    .addColumn('username', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('wallet_address', 'text')
    .addColumn('avatar_color', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en-US'))
    .addColumn('accepted_trials_disclaimer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('plan_id', 'text', (c) => c.notNull().defaultTo('free').references('plans.id'))
    .addColumn('searches_left', 'integer', (c) => c.notNull().defaultTo(10).check(sql`searches_left >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Emails and wallets are unique regardless of case.
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await sql`create unique index users_wallet_key on users (lower(wallet_address))`.execute(db);
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('plans').execute();
}
