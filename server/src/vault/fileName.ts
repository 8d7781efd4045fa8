import { UNSAFE_TEXT, VAULT_NAME_MAX, vaultForbiddenChars } from '@oncodesk/shared/contracts';

/** Extensions kept when a name is shortened: a dot and up to 8 letters or digits ("PDF", "jpeg", "csv"). */
const EXTENSION = /\.[A-Za-z0-9]{1,8}$/;
const forbidden = new RegExp(vaultForbiddenChars.source, 'g');
const unsafe = new RegExp(UNSAFE_TEXT.source, `${UNSAFE_TEXT.flags}g`);

/**
 * The vault name for a file that arrives with a name of its own (a report dropped as a laboratory named it,
 * "Guardant360_Lung_STK11_Sample_Report.PDF"): characters the vault refuses become "-" (and "%", which
 * could spell one), and a name over the vault's length rule is shortened with its extension kept, so the
 * vault's content check still sees the type. `copy` > 1 marks the n-th file of the same name beside the
 * first ("report (2).pdf"), within the length rule too. The caller keeps the whole name as the title.
 */
export function vaultFileName(name: string, copy = 1): string {
  const clean = name.replace(unsafe, '').replace(forbidden, '-').replace(/%/g, '-').trim();
  const ext = EXTENSION.exec(clean)?.[0] ?? '';
  let stem = clean.slice(0, clean.length - ext.length).trim();
  if (!stem || stem === '.' || stem === '..') stem = 'file';
  const suffix = copy > 1 ? ` (${copy})` : '';
  const room = VAULT_NAME_MAX - ext.length - suffix.length;
  // cut by code points so a surrogate pair is never split, then drop the spaces the cut left at the end
  const short = Array.from(stem).slice(0, room).join('').trimEnd() || 'file';
  return `${short}${suffix}${ext}`;
}
