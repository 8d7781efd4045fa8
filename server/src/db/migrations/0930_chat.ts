import { sql, type Kysely } from 'kysely';

/**
 * The assistant's conversations (general or of a patient folder, with the context they were opened on)
 * and their messages: the user's questions and the answers with their citations, the clinician's
 * feedback and "useful" marker. A folder's conversations go with the folder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chats')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('context', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('chats_patient_fkey', ['user_id', 'patient_id'], 'patients', ['user_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('chats_user_patient_idx').on('chats').columns(['user_id', 'patient_id']).execute();
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('chat_id', 'uuid', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('citations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('qualified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('feedback', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('edited_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('chat_messages_chat_idx').on('chat_messages').columns(['chat_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chats').execute();
}
