import { z } from 'zod';
import { Email, LinkToken, PublicShare, ShareRequest, VaultItem, VaultListQuery, VaultName } from '@oncodesk/shared/contracts';

/**
 * Request and response shapes of the spec's compatibility calls. They name vault items by path, as the
 * spec does ("Patients/Ann", a folder or file name inside it), and are built from the REST contracts'
 * own pieces (VaultName, Email, LinkToken, ...), so every rule — and every error code — is the REST one.
 */

/** The most folders a path may go down (as many as a folder upload may create at once). */
export const COMPAT_PATH_MAX_SEGMENTS = 32;

/**
 * A folder path from the vault's root: "a/b" (leading and trailing "/" ignored; "" or "/" is the root).
 * Every segment is a VaultName, so "..", "a\\b", "%2F", control, bidi and zero-width characters are refused
 * with the name rules' own codes; an empty segment ("a//b") is `required`. Parsed into its segments.
 */
export const VaultPath = z
  .string()
  .max(1024, { error: 'too_long' })
  .transform((value, ctx) => {
    const trimmed = value.replace(/^\/+/, '').replace(/\/+$/, '');
    if (!trimmed) return [] as string[];
    const segments = trimmed.split('/');
    if (segments.length > COMPAT_PATH_MAX_SEGMENTS) {
      ctx.addIssue({ code: 'custom', message: 'too_long' });
      return z.NEVER;
    }
    for (const segment of segments) {
      const parsed = VaultName.safeParse(segment);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0].message });
        return z.NEVER;
      }
    }
    return segments;
  })
  .describe('A folder path from the root, e.g. "Patients/Ann"; "" or absent is the root');

/** The same for an item that must be named: at least one segment ("report.pdf", "Patients/Ann/report.pdf"). */
export const VaultItemPath = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .pipe(VaultPath)
  .refine((segments) => segments.length > 0, { error: 'required' });

const optionalPath = VaultPath.optional().transform((v) => v ?? []);

/** One item in a folder (a file or a folder inside `path`). */
export const CompatItemRef = z.object({ path: optionalPath, name: VaultName });

/** A vault item as REST answers it, plus its path from the root ("Patients/Ann/report.pdf"). */
export const CompatItem = VaultItem.extend({ path: z.string() });
export type CompatItem = z.infer<typeof CompatItem>;

export const CompatDirectory = z.object({
  /** The listed folder's name; null for the root. */
  name: z.string().nullable(),
  /** Its path from the root ("" for the root). */
  path: z.string(),
  items: z.array(CompatItem),
});
export type CompatDirectory = z.infer<typeof CompatDirectory>;

/** Sorting and filters of the REST listing, and `path` instead of a parent id. */
export const DirectoryQuery = VaultListQuery.omit({ parentId: true }).extend({ path: optionalPath });
export const DirectoryParams = z.object({ name: VaultName });

export const CreateDirectoryRequest = CompatItemRef;
export const RenameRequest = CompatItemRef.extend({ newName: VaultName });
export const DeleteRequest = CompatItemRef;
/** Moves the item `path`/`name` into the folder `newPath` ("" for the root). */
export const MoveRequest = CompatItemRef.extend({ newPath: VaultPath.describe('The destination folder, "" for the root') });

/**
 * `userId` is the spec's and never grants anything: the signed-in user's own id, or absent. Any other id
 * is answered as if the file did not exist (404), so the call tells nothing about other users' vaults.
 */
const UserIdQuery = z.uuid({ error: 'not_found' }).optional().describe("The signed-in user's own id (any other id answers 404)");

export const DownloadFileQuery = z.object({
  userId: UserIdQuery,
  fileName: VaultItemPath.describe('The file\'s name, or its path from the root ("Patients/Ann/report.pdf")'),
  /** The folder it is in, prefixed to `fileName`. */
  path: optionalPath,
  inline: z.enum(['0', '1']).optional(),
});

export const DownloadDirectoryQuery = z.object({
  userId: UserIdQuery,
  directoryName: VaultItemPath.describe("The folder's name, or its path from the root"),
  /** The folder it is in (prefixed to `directoryName`). */
  path: optionalPath,
});

export const ShareQuery = z.object({ hash: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'invalid_link' }) });
/** The public share as REST answers it, plus where to download it signed out. */
export const CompatPublicShare = PublicShare.extend({ downloadUrl: z.string() });

/** Share `path`/`name` with up to 20 emails (the REST rules: valid, no duplicates). */
export const CompatShareRequest = ShareRequest.safeExtend({ path: optionalPath, name: VaultName });

export const EmailQuery = z.object({ email: Email });
export const TokenQuery = z.object({ token: LinkToken });
