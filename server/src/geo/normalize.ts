/**
 * Search-key normalisation shared by the gazetteer and the survey autocomplete: lower case, diacritics
 * stripped (Milán -> milan, Zürich -> zurich), a few letters NFD leaves alone folded (ß, ø, ł, æ, œ, đ),
 * punctuation turned into single spaces. Keys and queries go through the same function, so matching is
 * prefix + case + diacritic insensitive.
 */
const FOLD: Record<string, string> = { ß: 'ss', ø: 'o', ł: 'l', æ: 'ae', œ: 'oe', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };
const FOLD_RE = /[ßøłæœđðþıħ]/g;
const MARKS_RE = /\p{M}+/gu;
const PUNCT_RE = /[\s\-‐‑–—_'’`´.,;:/\\()[\]{}"“”«»!?&+*#|]+/g;

const ASCII_RE = /^[\x20-\x7e]*$/;

export function normalizeKey(text: string): string {
  // Fast path for plain ASCII (most names): nothing to decompose or fold.
  if (ASCII_RE.test(text)) return text.toLowerCase().replace(PUNCT_RE, ' ').trim();
  return text
    .normalize('NFD')
    .replace(MARKS_RE, '')
    .toLowerCase()
    .replace(FOLD_RE, (c) => FOLD[c] ?? c)
    .replace(PUNCT_RE, ' ')
    .trim();
}

/** Lower bound in a sorted string array (plain code-unit order). */
export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [start, end) of the entries of a sorted array that start with `prefix`. */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  return [lowerBound(sorted, prefix), lowerBound(sorted, prefix + '\uffff')];
}

/** Latin-script text (with digits and spacing), the only alternate names worth indexing for en/es/it users. */
const LATIN_RE = /^[\p{Script=Latin}\p{M}0-9\s\-'’.(),]+$/u;
export function isLatin(text: string): boolean {
  return LATIN_RE.test(text);
}
