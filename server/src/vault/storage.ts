import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

export type VaultDb = Kysely<Database> | Transaction<Database>;

export interface ItemRow {
  id: string;
  owner_id: string;
  parent_id: string | null;
  kind: 'folder' | 'file';
  name: string;
  size: number;
  file_type: string | null;
  mime_type: string | null;
  blob_key: string | null;
  created_at: Date;
  updated_at: Date;
  last_shared_at: Date | null;
  active_shares: number;
}

export interface ListFilter {
  since: Date | null;
  kinds: 'all' | 'folder' | 'file';
  fileTypes: string[] | null;
  orderBy: 'name_asc' | 'name_desc' | 'date_desc' | 'date_asc' | 'last_shared';
}

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
function normalise(row: Record<string, unknown>): ItemRow {
  return {
    ...(row as unknown as ItemRow),
    size: Number(row.size ?? 0),
    active_shares: Number(row.active_shares ?? 0),
    created_at: toDate(row.created_at),
    updated_at: toDate(row.updated_at),
    last_shared_at: row.last_shared_at == null ? null : toDate(row.last_shared_at),
  };
}

const activeShares = sql<number>`(select count(*) from vault_shares s where s.item_id = vault_items.id and s.revoked_at is null and s.expires_at > now())`;

/**
 * The vault's queries. Every one takes the owner id and filters on it, so no request can reach another
 * user's rows whatever ids it carries.
 */
export function vaultStorage(db: Kysely<Database>) {
  const items = (q: VaultDb = db) => q.selectFrom('vault_items').selectAll('vault_items').select(activeShares.as('active_shares'));

  return {
    db,

    async byId(ownerId: string, id: string, q: VaultDb = db): Promise<ItemRow | null> {
      const row = await items(q).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row ? normalise(row) : null;
    },

    async children(ownerId: string, parentId: string | null, filter: ListFilter): Promise<ItemRow[]> {
      let query = items().where('owner_id', '=', ownerId);
      query = parentId ? query.where('parent_id', '=', parentId) : query.where('parent_id', 'is', null);
      if (filter.since) query = query.where('created_at', '>=', filter.since);
      if (filter.kinds !== 'all') query = query.where('kind', '=', filter.kinds);
      if (filter.fileTypes) query = query.where('file_type', 'in', filter.fileTypes);
      // Folders first, then the chosen order; id breaks ties so pages are stable.
      query = query.orderBy(sql`case when kind = 'folder' then 0 else 1 end`);
      switch (filter.orderBy) {
        case 'name_asc': query = query.orderBy(sql`lower(name)`, 'asc'); break;
        case 'name_desc': query = query.orderBy(sql`lower(name)`, 'desc'); break;
        case 'date_desc': query = query.orderBy('created_at', 'desc'); break;
        case 'date_asc': query = query.orderBy('created_at', 'asc'); break;
        case 'last_shared': query = query.orderBy(sql`last_shared_at desc nulls last`).orderBy(sql`lower(name)`); break;
      }
      return (await query.orderBy('id').execute()).map(normalise);
    },

    /** Bytes under each of the given folders, recursively. */
    async folderSizes(ownerId: string, folderIds: string[]): Promise<Map<string, number>> {
      if (!folderIds.length) return new Map();
      const { rows } = await sql<{ root_id: string; total: string | number }>`
        with recursive tree(root_id, id, kind, size) as (
          select id, id, kind, size from vault_items where owner_id = ${ownerId} and id in (${sql.join(folderIds)})
          union all
          select t.root_id, c.id, c.kind, c.size from vault_items c join tree t on c.parent_id = t.id where c.owner_id = ${ownerId}
        )
        select root_id, coalesce(sum(case when kind = 'file' then size else 0 end), 0) as total from tree group by root_id`.execute(db);
      return new Map(rows.map((r) => [r.root_id, Number(r.total)]));
    },

    /** The folder and its ancestors, root first. */
    async ancestry(ownerId: string, folderId: string, q: VaultDb = db): Promise<{ id: string; name: string }[]> {
      const { rows } = await sql<{ id: string; name: string; depth: number }>`
        with recursive up(id, parent_id, name, depth) as (
          select id, parent_id, name, 0 from vault_items where owner_id = ${ownerId} and id = ${folderId}
          union all
          select p.id, p.parent_id, p.name, up.depth + 1 from vault_items p join up on p.id = up.parent_id where p.owner_id = ${ownerId} and up.depth < 1000
        )
        select id, name, depth from up order by depth desc`.execute(q);
      return rows.map((r) => ({ id: r.id, name: r.name }));
    },

    /** Every item under a folder (the folder included) with its path relative to the folder's parent. */
    async subtree(ownerId: string, rootId: string, q: VaultDb = db): Promise<(ItemRow & { path: string })[]> {
      const { rows } = await sql<Record<string, unknown>>`
        with recursive down(id, path, depth) as (
          select id, name::text, 0 from vault_items where owner_id = ${ownerId} and id = ${rootId}
          union all
          select c.id, down.path || '/' || c.name, down.depth + 1 from vault_items c join down on c.parent_id = down.id where c.owner_id = ${ownerId} and down.depth < 1000
        )
        select v.*, down.path, 0 as active_shares from down join vault_items v on v.id = down.id order by down.path`.execute(q);
      return rows.map((r) => ({ ...normalise(r), path: String(r.path) }));
    },

    async insert(
      q: VaultDb,
      row: { owner_id: string; parent_id: string | null; kind: 'folder' | 'file'; name: string; size?: number; file_type?: string | null; mime_type?: string | null; blob_key?: string | null },
    ): Promise<string> {
      const { id } = await q.insertInto('vault_items').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async findChildByName(ownerId: string, parentId: string | null, name: string, q: VaultDb = db) {
      let query = q.selectFrom('vault_items').select(['id', 'kind']).where('owner_id', '=', ownerId).where(sql`lower(name)`, '=', name.toLowerCase());
      query = parentId ? query.where('parent_id', '=', parentId) : query.where('parent_id', 'is', null);
      return (await query.executeTakeFirst()) ?? null;
    },

    async update(ownerId: string, id: string, values: { name?: string; parent_id?: string | null }, q: VaultDb = db): Promise<boolean> {
      const result = await q.updateTable('vault_items').set({ ...values, updated_at: new Date() }).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes an item and (by cascade) its subtree; returns the blob keys that lost their records. */
    async deleteTree(ownerId: string, id: string, q: VaultDb): Promise<string[] | null> {
      const tree = await this.subtree(ownerId, id, q);
      if (!tree.length) return null;
      await q.deleteFrom('vault_items').where('owner_id', '=', ownerId).where('id', '=', id).execute();
      return tree.map((r) => r.blob_key).filter((k): k is string => !!k);
    },

    async usage(ownerId: string) {
      const row = await db
        .selectFrom('vault_items')
        .select([
          sql<string>`coalesce(sum(size) filter (where kind = 'file'), 0)`.as('bytes'),
          sql<string>`count(*) filter (where kind = 'file')`.as('files'),
          sql<string>`count(*) filter (where kind = 'folder')`.as('folders'),
        ])
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return { usedBytes: Number(row.bytes), files: Number(row.files), folders: Number(row.folders) };
    },

    async allBlobKeys(): Promise<Set<string>> {
      const rows = await db.selectFrom('vault_items').select('blob_key').where('blob_key', 'is not', null).execute();
      return new Set(rows.map((r) => r.blob_key as string));
    },

    // --- shares ---

    async insertShares(q: VaultDb, rows: { owner_id: string; item_id: string; email: string; token_hash: string; expires_at: Date }[]) {
      return q.insertInto('vault_shares').values(rows).returning('id').execute();
    },

    async touchShared(q: VaultDb, ownerId: string, itemId: string) {
      await q.updateTable('vault_items').set({ last_shared_at: new Date() }).where('owner_id', '=', ownerId).where('id', '=', itemId).execute();
    },

    async shares(ownerId: string, itemId: string | null) {
      let query = db
        .selectFrom('vault_shares as s')
        .innerJoin('vault_items as i', 'i.id', 's.item_id')
        .select(['s.id', 's.item_id', 's.email', 's.created_at', 's.expires_at', 's.revoked_at', 'i.name as item_name', 'i.kind as item_kind'])
        .where('s.owner_id', '=', ownerId);
      if (itemId) query = query.where('s.item_id', '=', itemId);
      return query.orderBy('s.created_at', 'desc').orderBy('s.email').execute();
    },

    async revokeShare(ownerId: string, shareId: string): Promise<boolean> {
      const result = await db
        .updateTable('vault_shares')
        .set({ revoked_at: new Date() })
        .where('owner_id', '=', ownerId)
        .where('id', '=', shareId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return true;
      // Revoking twice is fine; revoking someone else's share is "not found".
      return !!(await db.selectFrom('vault_shares').select('id').where('owner_id', '=', ownerId).where('id', '=', shareId).executeTakeFirst());
    },

    async deleteShares(q: VaultDb, ids: string[]) {
      if (ids.length) await q.deleteFrom('vault_shares').where('id', 'in', ids).execute();
    },

    /** The live share of a token hash with its item and the owner's public name. */
    async shareByHash(tokenHash: string) {
      return (
        (await db
          .selectFrom('vault_shares as s')
          .innerJoin('vault_items as i', 'i.id', 's.item_id')
          .innerJoin('users as u', 'u.id', 's.owner_id')
          .select(['s.owner_id', 's.item_id', 's.expires_at', 'u.nickname', 'u.email as owner_email'])
          .where('s.token_hash', '=', tokenHash)
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', new Date())
          .executeTakeFirst()) ?? null
      );
    },
  };
}
export type VaultStorage = ReturnType<typeof vaultStorage>;
