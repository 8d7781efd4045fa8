import { VAULT_MAX_FILE_BYTES, VaultName, vaultTypeOfName } from '@oncodesk/shared/contracts';

/** The checks the server repeats, done before any byte is sent: an i18n key of common:errors, or null. */
export function uploadProblem(file: { name: string; size: number }, maxBytes = VAULT_MAX_FILE_BYTES): string | null {
  const name = VaultName.safeParse(file.name);
  if (!name.success) return `errors.${name.error.issues[0].message}`;
  if (!vaultTypeOfName(file.name)) return 'errors.vault_unsupported_type';
  if (file.size > maxBytes) return 'errors.vault_file_too_large';
  return null;
}

/** The folder path of a picked or dropped file ("a/b/c.pdf" -> ["a", "b"]). */
export function folderSegments(relativePath: string): string[] {
  return relativePath.split('/').filter(Boolean).slice(0, -1);
}
