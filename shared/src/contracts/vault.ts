import { z } from 'zod';
import { isSafeText } from './text';
import { Email } from './auth';

/**
 * The personal file vault: folders and files of one user, share links to them, and the public
 * download of a shared item. The browser validates with these very schemas before calling the server.
 */

export const VAULT_NAME_MAX = 30;
/** 500 MB, the largest file the vault accepts. */
export const VAULT_MAX_FILE_BYTES = 500 * 1024 * 1024;
/** Share links stop working this long after they are created. */
export const VAULT_SHARE_TTL_HOURS = 72;
/** Characters a name may not contain (Windows' reserved set, plus / which separates paths). */
export const vaultForbiddenChars = /[/\\:*?"<>|\u0000-\u001f]/;

function percentDecoded(v: string): string {
  try {
    return decodeURIComponent(decodeURIComponent(v));
  } catch {
    return v;
  }
}

/**
 * A folder or file name: 1-30 characters, none of / \ : * ? " < > | or control characters, no leading or
 * trailing space, and not "." or ".." (which would read as path steps). Codes are `errors.<code>` keys.
 */
export const VaultName = z
  .string({ error: 'required' })
  // abort: report only the first rule a name breaks.
  .min(1, { error: 'required', abort: true })
  .max(VAULT_NAME_MAX, { error: 'vault_name_too_long', abort: true })
  .refine((v) => !vaultForbiddenChars.test(v), { error: 'vault_name_invalid_chars', abort: true })
  // bidi overrides and zero-width characters: "\u202egpj.exe" would show as "exe.jpg"
  .refine(isSafeText, { error: 'vault_name_invalid_chars', abort: true })
  .refine((v) => v === v.trim(), { error: 'vault_name_spaces', abort: true })
  .refine((v) => v !== '.' && v !== '..', { error: 'vault_name_invalid_chars', abort: true })
  // A name that percent-decodes to a forbidden character (%2F, %5C, ...) is a disguised path: refused too.
  .refine((v) => !vaultForbiddenChars.test(percentDecoded(v)), { error: 'vault_name_invalid_chars', abort: true });

export const vaultFileTypes = ['pdf', 'jpeg', 'png', 'csv', 'xls', 'xlsx'] as const;
export const VaultFileType = z.enum(vaultFileTypes);
export type VaultFileType = z.infer<typeof VaultFileType>;

/** Extensions accepted per content type (the content decides; the extension must agree with it). */
export const vaultExtensions: Record<VaultFileType, string[]> = {
  pdf: ['pdf'],
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  // "csv" is the type of UTF-8 text (the sniffer's answer for any text): a pasted report (.txt) and a lab's
  // results XML (FoundationOne .xml) are text too, and the reports reader takes them
  csv: ['csv', 'txt', 'xml'],
  xls: ['xls'],
  xlsx: ['xlsx'],
};
export const vaultMimeTypes: Record<VaultFileType, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  csv: 'text/csv; charset=utf-8',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** The `accept` attribute of the browser's file picker. */
export const vaultAccept = '.pdf,.jpg,.jpeg,.png,.csv,.txt,.xml,.xls,.xlsx';

/** The content type a file name's extension claims, or null for an extension the vault does not take. */
export function vaultTypeOfName(name: string): VaultFileType | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  if (!ext) return null;
  return (vaultFileTypes.find((t) => vaultExtensions[t].includes(ext)) ?? null) as VaultFileType | null;
}

export const VaultId = z.uuid({ error: 'not_found' });
/** A parent folder: a folder id, or null / absent for the vault's root. */
export const VaultParentId = VaultId.nullable().optional().transform((v) => v ?? null);

export const VaultItem = z.object({
  id: z.string(),
  kind: z.enum(['folder', 'file']),
  name: z.string(),
  parentId: z.string().nullable(),
  /** Bytes of a file; total bytes inside a folder (recursively). */
  size: z.number(),
  fileType: VaultFileType.nullable(),
  mimeType: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSharedAt: z.string().nullable(),
  /** Active (unexpired, unrevoked) share links. */
  activeShares: z.number().int(),
});
export type VaultItem = z.infer<typeof VaultItem>;

export const vaultSorts = ['name_asc', 'name_desc', 'date_desc', 'date_asc', 'last_shared'] as const;
export const VaultSort = z.enum(vaultSorts);
export type VaultSort = z.infer<typeof VaultSort>;
export const vaultDateFilters = ['all', 'today', 'last7', 'last30'] as const;
export const VaultDateFilter = z.enum(vaultDateFilters);
export type VaultDateFilter = z.infer<typeof VaultDateFilter>;
export const vaultTypeFilters = ['all', 'pdf', 'image', 'xlsx', 'csv', 'folder'] as const;
export const VaultTypeFilter = z.enum(vaultTypeFilters);
export type VaultTypeFilter = z.infer<typeof VaultTypeFilter>;

export const VaultListQuery = z.object({
  parentId: VaultParentId,
  sort: VaultSort.default('name_asc'),
  date: VaultDateFilter.default('all'),
  type: VaultTypeFilter.default('all'),
  /** Client's UTC offset in minutes (Date#getTimezoneOffset), so "today" means the user's today. */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});
export type VaultListQuery = z.input<typeof VaultListQuery>;

export const VaultCrumb = z.object({ id: z.string(), name: z.string() });
export type VaultCrumb = z.infer<typeof VaultCrumb>;

export const VaultListing = z.object({
  folder: VaultCrumb.nullable(),
  /** From the root's first folder down to the listed folder (empty at the root). */
  breadcrumbs: z.array(VaultCrumb),
  items: z.array(VaultItem),
});
export type VaultListing = z.infer<typeof VaultListing>;

/** `quotaBytes`: what the account's plan may keep in the vault (uploads past it are refused, 413 vault_quota_exceeded). */
export const VaultUsage = z.object({ usedBytes: z.number(), quotaBytes: z.number(), files: z.number().int(), folders: z.number().int() });
export type VaultUsage = z.infer<typeof VaultUsage>;

export const CreateFolderRequest = z.object({ parentId: VaultParentId, name: VaultName });
export type CreateFolderRequest = z.input<typeof CreateFolderRequest>;

/** mkdir -p for folder uploads: finds or creates each segment below parentId, returns the last folder. */
export const EnsureFolderPathRequest = z.object({ parentId: VaultParentId, segments: z.array(VaultName).min(1).max(32) });
export type EnsureFolderPathRequest = z.input<typeof EnsureFolderPathRequest>;
export const EnsureFolderPathResponse = z.object({ id: z.string() });

/** Rename (name), move (parentId: a folder id or null for the root), or both. */
export const PatchItemRequest = z
  .object({ name: VaultName.optional(), parentId: VaultId.nullable().optional() })
  .refine((v) => v.name !== undefined || v.parentId !== undefined, { error: 'required' });
export type PatchItemRequest = z.input<typeof PatchItemRequest>;

export const ItemIdParams = z.object({ id: VaultId });

export const ShareRequest = z
  .object({ emails: z.array(Email).min(1, { error: 'required' }).max(20, { error: 'too_long' }) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.emails.forEach((email, i) => {
      if (seen.has(email)) ctx.addIssue({ code: 'custom', path: ['emails', i], message: 'email_duplicate' });
      seen.add(email);
    });
  });
export type ShareRequest = z.input<typeof ShareRequest>;

export const VaultShare = z.object({
  id: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  itemKind: z.enum(['folder', 'file']),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  active: z.boolean(),
});
export type VaultShare = z.infer<typeof VaultShare>;
export const VaultShareList = z.object({ shares: z.array(VaultShare) });
export type VaultShareList = z.infer<typeof VaultShareList>;

/** What a signed-out visitor of /download/{hash} sees about the shared item. */
export const PublicShare = z.object({
  name: z.string(),
  kind: z.enum(['folder', 'file']),
  size: z.number(),
  fileType: VaultFileType.nullable(),
  ownerNickname: z.string().nullable(),
  expiresAt: z.string(),
});
export type PublicShare = z.infer<typeof PublicShare>;
/** A share token: 43 base64url characters (32 random bytes). Anything else is simply an invalid link. */
export const ShareHashParams = z.object({ hash: z.string().max(200) });

/** tus Upload-Metadata the browser sends with each upload (values are base64 on the wire). */
export const TusUploadMetadata = z.object({ filename: VaultName, parentId: VaultParentId });

export const vaultErrorCodes = [
  'vault_name_too_long',
  'vault_name_invalid_chars',
  'vault_name_spaces',
  'vault_name_taken',
  'vault_move_into_itself',
  'vault_file_too_large',
  'vault_unsupported_type',
  'vault_upload_internal',
  'vault_share_failed',
  'email_duplicate',
] as const;

/**
 * A file renamed without an extension keeps its old one ("report" -> "report.pdf"), so it still downloads
 * and opens as what it is; an extension the user types is their choice. Folders are renamed as typed.
 */
export function renamedFileName(oldName: string, newName: string): string {
  const ext = /\.[A-Za-z0-9]{1,5}$/;
  if (ext.test(newName)) return newName;
  const old = ext.exec(oldName);
  return old ? `${newName}${old[0]}` : newName;
}
