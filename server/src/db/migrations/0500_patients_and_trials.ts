import { sql, type Kysely } from 'kysely';

/**
 * Patient folders own the survey, cached matches, likes and overrides (all cascade with the folder and
 * its user). Trials are stored as the engine's Trial JSON; user data about trials never lives in that
 * table, so a re-import replaces trials without losing likes or overrides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('patients')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('focus_area', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('patients_pkey', ['user_id', 'id'])
    .execute();
  // Folders the survey created before this migration become patient folders.
  await sql`insert into patients (user_id, id, name, focus_area, created_at, updated_at)
    select user_id, patient_id, patient_id, focus_area, created_at, updated_at from survey_folders`.execute(db);
  await sql`alter table survey_folders add constraint survey_folders_patient_fkey
    foreign key (user_id, patient_id) references patients (user_id, id) on delete cascade`.execute(db);

  const owned = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('patient_id', 'text', (c) => c.notNull())
      .addForeignKeyConstraint(`${name}_patient_fkey`, ['user_id', 'patient_id'], 'patients', ['user_id', 'id'], (c) => c.onDelete('cascade'));

  await owned('patient_matches')
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('location', 'jsonb', (c) => c.notNull())
    .addColumn('results', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('patient_matches_pkey', ['user_id', 'patient_id', 'search_key'])
    .execute();
  await owned('patient_overrides')
    .addColumn('criterion_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('patient_overrides_pkey', ['user_id', 'patient_id', 'criterion_id'])
    .execute();
  await owned('trial_likes')
    .addColumn('trial_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('trial_likes_pkey', ['user_id', 'patient_id', 'trial_id'])
    .execute();

  await db.schema
    .createTable('trials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nct_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['trials', 'trial_likes', 'patient_overrides', 'patient_matches']) await db.schema.dropTable(t).execute();
  await sql`alter table survey_folders drop constraint survey_folders_patient_fkey`.execute(db);
  await db.schema.dropTable('patients').execute();
}
