import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/schema';

/** Row types of the vault's tables (migration 0200_vault), listed in db/schema.ts. */
export interface VaultItemsTable {
  id: Generated<string>;
  owner_id: string;
  parent_id: string | null;
  kind: 'folder' | 'file';
  name: string;
  // bigint comes back as a string from pg; the storage layer converts.
  size: ColumnType<string | number, number | undefined, number>;
  file_type: string | null;
  mime_type: string | null;
  blob_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_shared_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface VaultSharesTable {
  id: Generated<string>;
  owner_id: string;
  item_id: string;
  email: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Resumable uploads an account has open, with their declared size (migration 1001, vault/accountLimits.ts). */
export interface VaultOpenUploadsTable {
  id: string;
  owner_id: string;
  declared_bytes: ColumnType<string, number, never>;
  created_at: ColumnType<Date, never, never>;
}
