import { sql, type Kysely } from 'kysely';

/** The personal file vault: a tree of folders and files per user, and share links to its items. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vault_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Deleting a folder deletes its subtree in the same statement.
    .addColumn('parent_id', 'uuid', (c) => c.references('vault_items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('folder', 'file')`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 30`))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('file_type', 'text')
    .addColumn('mime_type', 'text')
    // Where the bytes are in the blob store (files only); never derived from the user's name.
    .addColumn('blob_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_shared_at', 'timestamptz')
    .addCheckConstraint('vault_items_file_has_blob', sql`(kind = 'folder') = (blob_key is null)`)
    .execute();
  // One name per folder, case-insensitively; the root of each user is keyed by the owner id.
  await sql`create unique index vault_items_name_key on vault_items (owner_id, coalesce(parent_id, owner_id), lower(name))`.execute(db);
  await sql`create index vault_items_parent on vault_items (owner_id, parent_id)`.execute(db);

  await db.schema
    .createTable('vault_shares')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'uuid', (c) => c.notNull().references('vault_items.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    // SHA-256 of the link's token: the token itself is only ever in the mail.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index vault_shares_item on vault_shares (owner_id, item_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vault_shares').execute();
  await db.schema.dropTable('vault_items').execute();
}
