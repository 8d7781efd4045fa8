import { sql, type Kysely } from 'kysely';

/**
 * Survey answers per patient folder. A folder (user + patient id) has one focus area; each answer is
 * one row keyed by question id, its value as JSON. Rows go with their user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('survey_folders')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull())
    .addColumn('focus_area', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('survey_folders_pkey', ['user_id', 'patient_id'])
    .execute();

  await db.schema
    .createTable('survey_answers')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('patient_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('survey_answers_pkey', ['user_id', 'patient_id', 'question_id'])
    .addForeignKeyConstraint('survey_answers_folder_fkey', ['user_id', 'patient_id'], 'survey_folders', ['user_id', 'patient_id'], (c) => c.onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('survey_answers').execute();
  await db.schema.dropTable('survey_folders').execute();
}
