import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import {
  VaultName,
  renamedFileName,
  VAULT_SHARE_TTL_HOURS,
  vaultMimeTypes,
  vaultTypeOfName,
  type PublicShare,
  type VaultFileType,
  type VaultItem,
  type VaultListing,
  type VaultListQuery,
  type VaultShare,
  type VaultUsage,
} from '@oncodesk/shared/contracts';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { languageOf } from '../http/messages';
import type { Mailer } from '../mail';
import type { BlobStore } from './blobs';
import type { ByteRange } from './range';
import type { ItemRow, ListFilter, VaultStorage } from './storage';
import { shareMailFor } from './messages';
import { quotaExceeded, type VaultAccountLimitsService } from './accountLimits';
import { TypeSniffer } from './sniff';

export const fileTooLarge = () => new AppError(413, 'vault_file_too_large');
export const unsupportedType = () => new AppError(415, 'vault_unsupported_type');
export const uploadInternal = () => new AppError(500, 'vault_upload_internal');
const nameTaken = () => conflict('vault_name_taken');
const invalidLink = () => notFound('invalid_link');

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';
const isForeignKeyViolation = (e: unknown) => (e as { code?: string }).code === '23503';

/** A name the shared contract accepts, or a 400 with the rule it broke (same codes as the browser). */
export function checkName(name: unknown, field = 'name'): string {
  const parsed = VaultName.safeParse(name);
  if (!parsed.success) throw badRequest('validation_failed', [{ path: field, code: parsed.error.issues[0].message }]);
  return parsed.data;
}

/** Token in the mailed link (256 random bits) and the only thing stored about it: its SHA-256. */
export const newShareToken = () => crypto.randomBytes(32).toString('base64url');
export const hashShareToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function toItemDto(row: ItemRow, size = row.size): VaultItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    parentId: row.parent_id,
    size,
    fileType: (row.file_type as VaultFileType | null) ?? null,
    mimeType: row.mime_type,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastSharedAt: row.last_shared_at?.toISOString() ?? null,
    activeShares: row.active_shares,
  };
}

function listFilter(query: ReturnType<typeof parseListQuery>): ListFilter {
  const now = Date.now();
  let since: Date | null = null;
  if (query.date === 'today') {
    // Midnight of the client's day: shift to its local time, truncate, shift back.
    const local = new Date(now - query.tzOffset * 60_000);
    local.setUTCHours(0, 0, 0, 0);
    since = new Date(local.getTime() + query.tzOffset * 60_000);
  } else if (query.date === 'last7') since = new Date(now - 7 * 86_400_000);
  else if (query.date === 'last30') since = new Date(now - 30 * 86_400_000);
  const fileTypes: Record<string, string[]> = { pdf: ['pdf'], image: ['jpeg', 'png'], xlsx: ['xlsx', 'xls'], csv: ['csv'] };
  return {
    since,
    kinds: query.type === 'folder' ? 'folder' : query.type === 'all' ? 'all' : 'file',
    fileTypes: fileTypes[query.type] ?? null,
    orderBy: query.sort,
  };
}
type ParsedListQuery = { parentId: string | null; sort: ListFilter['orderBy']; date: 'all' | 'today' | 'last7' | 'last30'; type: string; tzOffset: number };
const parseListQuery = (q: ParsedListQuery) => q;

export interface StagedUpload {
  size: number;
  type: VaultFileType | null;
}

export interface VaultServiceOptions {
  storage: VaultStorage;
  blobs: BlobStore;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Per-account limits: share mails, the plan's quota (vault/accountLimits.ts). */
  limits: VaultAccountLimitsService;
}

export function vaultService({ storage, blobs, mailer, publicUrl, log, limits }: VaultServiceOptions) {
  const db = storage.db;

  async function folderOf(ownerId: string, id: string | null): Promise<ItemRow | null> {
    if (!id) return null;
    const row = await storage.byId(ownerId, id);
    if (!row || row.kind !== 'folder') throw notFound();
    return row;
  }

  async function itemOf(ownerId: string, id: string): Promise<ItemRow> {
    const row = await storage.byId(ownerId, id);
    if (!row) throw notFound();
    return row;
  }

  async function withSizes(ownerId: string, rows: ItemRow[]): Promise<VaultItem[]> {
    const sizes = await storage.folderSizes(ownerId, rows.filter((r) => r.kind === 'folder').map((r) => r.id));
    return rows.map((r) => toItemDto(r, r.kind === 'folder' ? (sizes.get(r.id) ?? 0) : r.size));
  }

  /** Streams a zip of a folder's subtree as it is built: one file is read at a time, nothing is buffered whole. */
  async function zipOf(ownerId: string, folderId: string): Promise<Readable> {
    const tree = await storage.subtree(ownerId, folderId);
    const zip = new yazl.ZipFile();
    for (const entry of tree) {
      if (entry.kind === 'folder') {
        zip.addEmptyDirectory(entry.path, { mtime: entry.updated_at });
        continue;
      }
      const key = entry.blob_key as string;
      // Already-compressed formats are stored; text-like ones deflated.
      const compress = entry.file_type === 'csv' || entry.file_type === 'xls';
      zip.addReadStreamLazy(entry.path, { mtime: entry.created_at, compress, size: entry.size }, (cb) => {
        blobs.read(key).then((s) => cb(null, s), (e) => cb(e, undefined as unknown as Readable));
      });
    }
    zip.end();
    return zip.outputStream as Readable;
  }

  return {
    async list(ownerId: string, query: ParsedListQuery): Promise<VaultListing> {
      const folder = await folderOf(ownerId, query.parentId);
      const rows = await storage.children(ownerId, query.parentId, listFilter(parseListQuery(query)));
      return {
        folder: folder ? { id: folder.id, name: folder.name } : null,
        breadcrumbs: folder ? await storage.ancestry(ownerId, folder.id) : [],
        items: await withSizes(ownerId, rows),
      };
    },

    /** Bytes used and the plan's quota (the vault page shows "used of quota"). */
    usage: async (ownerId: string): Promise<VaultUsage> => ({ ...(await storage.usage(ownerId)), quotaBytes: await limits.quotaBytes(ownerId) }),

    async get(ownerId: string, id: string): Promise<VaultItem> {
      return (await withSizes(ownerId, [await itemOf(ownerId, id)]))[0];
    },

    async createFolder(ownerId: string, parentId: string | null, name: string): Promise<VaultItem> {
      checkName(name);
      await folderOf(ownerId, parentId);
      try {
        const id = await storage.insert(db, { owner_id: ownerId, parent_id: parentId, kind: 'folder', name });
        return this.get(ownerId, id);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        if (isForeignKeyViolation(error)) throw notFound(); // parent deleted meanwhile
        throw error;
      }
    },

    /** Finds or creates each folder of a path (folder uploads); a file in the way is a name conflict. */
    async ensurePath(ownerId: string, parentId: string | null, segments: string[]): Promise<{ id: string }> {
      segments.forEach((s, i) => checkName(s, `segments.${i}`));
      await folderOf(ownerId, parentId);
      let current = parentId;
      for (const name of segments) {
        const existing = await storage.findChildByName(ownerId, current, name);
        if (existing) {
          if (existing.kind !== 'folder') throw nameTaken();
          current = existing.id;
          continue;
        }
        try {
          current = await storage.insert(db, { owner_id: ownerId, parent_id: current, kind: 'folder', name });
        } catch (error) {
          // Two uploads of the same folder raced: the other one created it.
          if (!isUniqueViolation(error)) throw error;
          const raced = await storage.findChildByName(ownerId, current, name);
          if (!raced || raced.kind !== 'folder') throw nameTaken();
          current = raced.id;
        }
      }
      return { id: current as string };
    },

    /** Rename and/or move, in one transaction that also re-checks the target (no move into itself). */
    async patch(ownerId: string, id: string, patch: { name?: string; parentId?: string | null }): Promise<VaultItem> {
      if (patch.name !== undefined) checkName(patch.name);
      const item = await itemOf(ownerId, id);
      const values: { name?: string; parent_id?: string | null } = {};
      if (patch.name !== undefined) values.name = item.kind === 'file' ? checkName(renamedFileName(item.name, patch.name)) : patch.name;
      if (patch.parentId !== undefined) {
        await folderOf(ownerId, patch.parentId);
        if (patch.parentId && item.kind === 'folder') {
          const chain = await storage.ancestry(ownerId, patch.parentId);
          if (chain.some((c) => c.id === item.id)) throw badRequest('vault_move_into_itself');
        }
        values.parent_id = patch.parentId;
      }
      try {
        await db.transaction().execute(async (trx) => {
          // Lock the moved row, then re-check the cycle under the lock (a concurrent move could close one).
          await trx.selectFrom('vault_items').select('id').where('owner_id', '=', ownerId).where('id', '=', id).forUpdate().execute();
          if (values.parent_id && item.kind === 'folder') {
            const chain = await storage.ancestry(ownerId, values.parent_id, trx);
            if (!chain.length) throw notFound();
            if (chain.some((c) => c.id === item.id)) throw badRequest('vault_move_into_itself');
          }
          if (!(await storage.update(ownerId, id, values, trx))) throw notFound();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        if (isForeignKeyViolation(error)) throw notFound();
        throw error;
      }
      return this.get(ownerId, id);
    },

    /** Deletes an item (a folder with everything in it): records first, then the bytes that lost them. */
    async remove(ownerId: string, id: string): Promise<void> {
      const keys = await db.transaction().execute((trx) => storage.deleteTree(ownerId, id, trx));
      if (!keys) throw notFound();
      for (const key of keys) await blobs.delete(key).catch((error) => log.warn({ err: error, key }, 'blob left for the orphan sweep'));
    },

    /** Checks an upload before any byte is accepted: valid name, accepted extension, parent folder, free name. */
    async preflightUpload(ownerId: string, parentId: string | null, name: string, size: number | null, maxBytes: number): Promise<void> {
      checkName(name, 'filename');
      if (!vaultTypeOfName(name)) throw unsupportedType();
      if (size != null && size > maxBytes) throw fileTooLarge();
      // early, when the size is declared; the commit checks again under the account's lock (addFile)
      if (size != null && (await storage.usage(ownerId)).usedBytes + size > (await limits.quotaBytes(ownerId))) throw quotaExceeded();
      await folderOf(ownerId, parentId);
      if (await storage.findChildByName(ownerId, parentId, name)) throw nameTaken();
    },

    /**
     * The one way a file enters the vault. `stage` writes the bytes under a fresh key (sniffing their type
     * on the way); then the record is inserted and the blob committed in one transaction, so a listed file
     * always has its bytes and bytes without a record are only ever orphans for the sweep.
     */
    async addFile(ownerId: string, parentId: string | null, name: string, stage: (key: string) => Promise<StagedUpload>): Promise<VaultItem> {
      checkName(name, 'filename');
      const claimed = vaultTypeOfName(name);
      if (!claimed) throw unsupportedType();
      const key = crypto.randomUUID();
      let staged: StagedUpload;
      try {
        staged = await stage(key);
      } catch (error) {
        await blobs.delete(key).catch(() => undefined);
        throw error;
      }
      if (staged.type !== claimed) {
        await blobs.delete(key);
        throw unsupportedType();
      }
      try {
        const id = await db.transaction().execute(async (trx) => {
          if (parentId) {
            const parent = await storage.byId(ownerId, parentId, trx);
            if (!parent || parent.kind !== 'folder') throw notFound();
          }
          await limits.checkQuota(trx, ownerId, staged.size);
          const newId = await storage.insert(trx, {
            owner_id: ownerId,
            parent_id: parentId,
            kind: 'file',
            name,
            size: staged.size,
            file_type: staged.type,
            mime_type: vaultMimeTypes[staged.type as VaultFileType],
            blob_key: key,
          });
          await blobs.commit(key);
          return newId;
        });
        return this.get(ownerId, id);
      } catch (error) {
        await blobs.delete(key).catch(() => undefined);
        if (isUniqueViolation(error)) throw nameTaken();
        if (isForeignKeyViolation(error)) throw notFound();
        throw error;
      }
    },

    /** A file the server already holds in memory (a report uploaded to a patient folder): the same checks and staging as an upload. */
    async addBytes(ownerId: string, parentId: string | null, name: string, bytes: Uint8Array): Promise<VaultItem> {
      return this.addFile(ownerId, parentId, name, async (key) => {
        const sniffer = new TypeSniffer();
        sniffer.feed(Buffer.from(bytes));
        const { size } = await blobs.stage(key, Readable.from([Buffer.from(bytes)]));
        return { size, type: sniffer.finish() };
      });
    },

    /** A file's bytes; `pickRange` (given the record) may ask for part of them, e.g. from a Range header. */
    async openFile(ownerId: string, id: string, pickRange?: (item: ItemRow) => ByteRange | null): Promise<{ item: ItemRow; stream: Readable; range: ByteRange | null }> {
      const item = await itemOf(ownerId, id);
      if (item.kind !== 'file') throw notFound();
      const range = pickRange?.(item) ?? null;
      return { item, stream: await blobs.read(item.blob_key as string, range ?? undefined), range };
    },

    async openZip(ownerId: string, id: string): Promise<{ item: ItemRow; stream: Readable }> {
      const item = await itemOf(ownerId, id);
      if (item.kind !== 'folder') throw notFound();
      return { item, stream: await zipOf(ownerId, id) };
    },

    // --- sharing ---

    /**
     * One link per recipient (so each can be revoked alone), mailed in the sharer's language. If any mail
     * cannot be sent, every link of this request is removed again and the caller sees share_failed.
     */
    async share(ownerId: string, itemId: string, emails: string[], acceptLanguage: string | undefined): Promise<VaultShare[]> {
      const item = await itemOf(ownerId, itemId);
      const owner = await db.selectFrom('users').select(['nickname', 'email']).where('id', '=', ownerId).executeTakeFirstOrThrow();
      // each recipient is a mail in the owner's name: counted per hour and per day before anything is sent
      await limits.takeShareMails(ownerId, emails.length);
      const expiresAt = new Date(Date.now() + VAULT_SHARE_TTL_HOURS * 3_600_000);
      const tokens = emails.map(() => newShareToken());
      const ids = await db.transaction().execute(async (trx) => {
        const inserted = await storage.insertShares(
          trx,
          emails.map((email, i) => ({ owner_id: ownerId, item_id: itemId, email, token_hash: hashShareToken(tokens[i]), expires_at: expiresAt })),
        );
        await storage.touchShared(trx, ownerId, itemId);
        return inserted.map((r) => r.id);
      });
      const lang = languageOf(acceptLanguage);
      const ownerName = owner.nickname ?? owner.email?.split('@')[0] ?? 'OncoDesk';
      try {
        for (const [i, email] of emails.entries()) {
          const mail = shareMailFor(lang, { owner: ownerName, name: item.name, link: `${publicUrl}/download/${tokens[i]}`, hours: VAULT_SHARE_TTL_HOURS });
          await mailer.send({ to: email, ...mail, link: `${publicUrl}/download/${tokens[i]}` });
        }
      } catch (error) {
        log.error({ err: error }, 'share mail failed; links withdrawn');
        await storage.deleteShares(db, ids);
        await limits.giveBackShareMails(ownerId, emails.length).catch(() => undefined);
        throw new AppError(503, 'vault_share_failed');
      }
      return (await this.shares(ownerId, itemId)).filter((s) => ids.includes(s.id));
    },

    async shares(ownerId: string, itemId: string | null): Promise<VaultShare[]> {
      if (itemId) await itemOf(ownerId, itemId);
      const now = Date.now();
      return (await storage.shares(ownerId, itemId)).map((s) => {
        const expires = new Date(s.expires_at as unknown as string);
        const revoked = s.revoked_at ? new Date(s.revoked_at as unknown as string) : null;
        return {
          id: s.id,
          itemId: s.item_id,
          itemName: s.item_name,
          itemKind: s.item_kind,
          email: s.email,
          createdAt: new Date(s.created_at as unknown as string).toISOString(),
          expiresAt: expires.toISOString(),
          revokedAt: revoked?.toISOString() ?? null,
          active: !revoked && expires.getTime() > now,
        };
      });
    },

    async revoke(ownerId: string, shareId: string): Promise<void> {
      if (!(await storage.revokeShare(ownerId, shareId))) throw notFound();
    },

    /** The item behind a live link, or invalid_link (unknown, revoked or expired alike). */
    async resolveShare(token: string): Promise<{ item: ItemRow; ownerNickname: string | null; expiresAt: Date }> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalidLink();
      const share = await storage.shareByHash(hashShareToken(token));
      if (!share) throw invalidLink();
      const item = await storage.byId(share.owner_id, share.item_id);
      if (!item) throw invalidLink();
      return { item, ownerNickname: share.nickname ?? share.owner_email?.split('@')[0] ?? null, expiresAt: new Date(share.expires_at as unknown as string) };
    },

    async publicInfo(token: string): Promise<PublicShare> {
      const { item, ownerNickname, expiresAt } = await this.resolveShare(token);
      const [dto] = await withSizes(item.owner_id, [item]);
      return { name: item.name, kind: item.kind, size: dto.size, fileType: dto.fileType, ownerNickname, expiresAt: expiresAt.toISOString() };
    },

    async publicOpen(token: string, pickRange?: (item: ItemRow) => ByteRange | null): Promise<{ item: ItemRow; stream: Readable; range: ByteRange | null }> {
      const { item } = await this.resolveShare(token);
      return item.kind === 'file' ? this.openFile(item.owner_id, item.id, pickRange) : { ...(await this.openZip(item.owner_id, item.id)), range: null };
    },

    /**
     * Removes bytes that have no record (a crash between staging and commit, or after a delete's commit)
     * and stale staging files. Blobs younger than graceMs are left alone: they may be mid-commit.
     */
    async sweepOrphans(graceMs: number): Promise<{ orphans: number; staging: number }> {
      const known = await storage.allBlobKeys();
      let orphans = 0;
      for await (const blob of blobs.list()) {
        if (known.has(blob.key) || Date.now() - blob.modified.getTime() < graceMs) continue;
        // Re-check just before deleting: the record may have committed since the snapshot.
        const still = await db.selectFrom('vault_items').select('id').where('blob_key', '=', blob.key).executeTakeFirst();
        if (still) continue;
        await blobs.delete(blob.key);
        orphans++;
      }
      const staging = await blobs.clearStaging(graceMs);
      return { orphans, staging };
    },
  };
}
export type VaultService = ReturnType<typeof vaultService>;
