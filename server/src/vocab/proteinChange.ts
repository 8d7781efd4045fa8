/**
 * One spelling of a variant for comparison. Trial text, survey answers (CIViC names "Exon 19 Deletion"),
 * free-text descriptions and CTML write the same event differently; the compiler, the free-text
 * normaliser, the survey and the matcher all compare this key, so "EGFR exon 19 deletion" entered in the
 * survey meets a trial's "ex19del".
 */

/** An exon-level event in running text: "exon 19 deletion", "ex19del", "Exon 20 insertion", "exon 14 skipping". */
export const EXON_EVENT = /\bex(?:on)?\s*(\d{1,2})\s*(deletion|insertion|skipping|mutation|del|ins)?/i;

/** The key of an exon event: ("19", "deletion") -> "exon19del"; ("14", "skipping") -> "exon14skipping"; ("19", undefined) -> "exon19". */
export function exonEventKey(exon: string, kind: string | undefined): string {
  const k = kind ?? '';
  return `exon${Number(exon)}${/^del/i.test(k) ? 'del' : /^ins/i.test(k) ? 'ins' : /^skip/i.test(k) ? 'skipping' : ''}`;
}

/** A protein change as the matcher compares it: "p.L858R" -> "L858R", "Exon 19 Deletion" -> "exon19del". */
export function canonicalProteinChange(pc: string): string {
  const s = pc.trim().replace(/^p\./i, '');
  const m = /^ex(?:on)?\s*(\d{1,2})\s*(deletion|insertion|skipping|del|ins)?(?:\s+(?:mutations?|alterations?|variants?))?$/i.exec(s);
  return m ? exonEventKey(m[1], m[2]) : s;
}
