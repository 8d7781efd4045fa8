/** A quoted text cut to `n` characters with an ellipsis (answers quote, they do not paste whole records). */
export const cut = (s: string, n = 260) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/**
 * A criteria line without its list marker ("* ", "- ", "1. ", "2) ", "a) "), and only that: "18-80 years old" and
 * "1.5 x ULN" start with numbers that are the criterion's own.
 */
export const withoutListMarker = (line: string) => line.replace(/^\s*(?:(?:[*•\-–]|\d{1,2}[.)](?!\d)|[a-z]\))\s*)*/i, '').trim();

const LIST_MARKER = /^\s*(?:[*•\-–]|\d{1,2}[.)](?!\d)|[a-z]\))\s/i;

/**
 * The lines of a criteria text as its author wrote them: a text whose items are paragraphs (separated by blank
 * lines) and wrapped at a fixed width ("Qualifying deleterious SPOP mutation … (tissue⏎and/or liquid biopsy)") has
 * its wrapped lines joined back, so that one criterion is one line; a line that opens with a list marker, or
 * follows a blank line, starts a new one. A text without blank lines keeps one line per line.
 */
export function criteriaLines(text: string | undefined): string[] {
  if (!text) return [];
  const raw = text.split('\n');
  const paragraphs = /\n[ \t]*\n/.test(text);
  const out: string[] = [];
  let joinable = false;
  for (const line of raw) {
    if (!line.trim()) {
      joinable = false;
      continue;
    }
    if (paragraphs && joinable && !LIST_MARKER.test(line) && !/:\s*$/.test(out[out.length - 1])) out[out.length - 1] += ` ${line.trim()}`;
    else out.push(line);
    joinable = true;
  }
  return out;
}
