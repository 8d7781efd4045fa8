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

/**
 * Codon ranges of the exons trial criteria name by number, on the canonical transcripts (EGFR
 * NM_005228, KRAS NM_004985 / NRAS NM_002524 / HRAS NM_005343). Written by hand: no reference file in
 * the shared data holds exon coordinates, and these are the exons eligibility text names ("EGFR exon 19
 * deletion or exon 21 L858R", "KRAS exon 2 (codons 12, 13)"), so an NGS report's HGVS change
 * ("E746_A750del", "L858R", "G13D") meets them.
 */
const RAS_EXONS: Record<number, [number, number]> = { 2: [1, 37], 3: [38, 97], 4: [98, 150] };
const EXON_CODONS: Record<string, Record<number, [number, number]>> = {
  EGFR: { 18: [688, 728], 19: [729, 761], 20: [762, 823], 21: [824, 875] },
  KRAS: RAS_EXONS,
  NRAS: RAS_EXONS,
  HRAS: RAS_EXONS,
};

/** Does a protein change ("E746_A750del", "L858R", "A767_V769dup") fall in an exon event ("exon19del", "exon21", "exon20ins")? */
function inExonEvent(gene: string, event: string, pc: string): boolean {
  const m = /^EXON(\d+)(DEL|INS|SKIPPING)?$/.exec(event);
  const range = m && EXON_CODONS[gene]?.[Number(m[1])];
  const codon = /^[A-Z*](\d+)/.exec(pc);
  if (!m || !range || !codon) return false;
  const n = Number(codon[1]);
  if (n < range[0] || n > range[1]) return false;
  if (m[2] === 'DEL') return /DEL/.test(pc) && !/INS|DUP|FS/.test(pc.replace(/DELINS/, 'DEL'));
  if (m[2] === 'INS') return /INS|DUP/.test(pc) && !/FS/.test(pc);
  return !m[2];
}

/**
 * Whether a patient's protein change meets the one a criterion or target names: the same change; a codon
 * ("V600", wildcard) and its substitutions; an exon ("exon19", "exon19del") and the changes inside it.
 */
export function proteinChangeMatches(gene: string, want: string, wildcard: boolean | undefined, have: string | undefined): boolean {
  if (!have) return false;
  const w = want.toUpperCase();
  const h = have.toUpperCase();
  if (h === w) return true;
  // an exon named without the event ("exon 19 mutation") covers its deletions and insertions
  if (wildcard || /^EXON\d+$/.test(w)) if (h.startsWith(w) && !/^\d/.test(h.slice(w.length))) return true;
  return /^EXON\d/.test(w) && !/^EXON/.test(h) && inExonEvent(gene, w, h);
}
