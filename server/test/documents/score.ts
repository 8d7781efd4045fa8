import { isActionable, NON_ACTIONABLE_ASSERTIONS, type DocumentFinding } from '@oncodesk/shared/contracts';
import type { Expected } from './reports';

/** Whether a finding is the expected one (every field the expectation states). */
export function same(f: DocumentFinding, e: Expected): boolean {
  return Object.entries(e).every(([k, v]) => (f as Record<string, unknown>)[k] === v);
}

/** Recall and precision of findings against expectations (a finding counts once). */
export function score(found: DocumentFinding[], expected: Expected[]): { recall: number; precision: number; missed: Expected[]; extra: DocumentFinding[] } {
  const used = new Set<DocumentFinding>();
  const missed: Expected[] = [];
  for (const e of expected) {
    const f = found.find((x) => !used.has(x) && same(x, e));
    if (f) used.add(f);
    else missed.push(e);
  }
  const extra = found.filter((f) => !used.has(f));
  return { recall: expected.length ? (expected.length - missed.length) / expected.length : 1, precision: found.length ? used.size / found.length : 1, missed, extra };
}

/** The shared synthetic NGS reports' expected findings (expected_findings.json) in the finding model. */
export function sharedExpected(report: { tmb: string; msi: string; alterations: Array<{ gene: string; alteration: string; type: string }> }, vus: Expected[] = []): Expected[] {
  const out: Expected[] = [{ kind: 'tmb', value: Number(/[\d.]+/.exec(report.tmb)![0]) }, { kind: 'msi', interpretation: /high/i.test(report.msi) ? 'MSI-High' : 'MS-Stable' }];
  for (const a of report.alterations) {
    // "CDKN2A/B loss": both genes are deleted
    const genes = /^(.+?)([A-Z0-9])\/([A-Z0-9])$/.test(a.gene) ? a.gene.replace(/^(.+?)([A-Z0-9])\/([A-Z0-9])$/, '$1$2 $1$3').split(' ') : [a.gene];
    for (const gene of genes) {
      if (/copy number/i.test(a.type)) out.push({ kind: 'copy_number', gene, change: /gain|amplif/i.test(a.type + a.alteration) ? 'amplification' : 'deletion' });
      else out.push({ kind: 'variant', gene, proteinChange: a.alteration });
    }
  }
  return [...out, ...vus];
}

/** Finding kinds whose recall bench:documents reports as actionable (what can change a patient's matches). */
export const ACTIONABLE_KINDS = new Set(['variant', 'copy_number', 'fusion', 'tmb', 'msi', 'pdl1']);
const NON_ACTIONABLE = new Set<string>(NON_ACTIONABLE_ASSERTIONS);
/** The identity of a finding or an expectation: kind, gene and what changed (assertion left out). */
const identity = (x: { kind: string; gene?: string; proteinChange?: string; cdna?: string; change?: string; interpretation?: string; name?: string }) =>
  `${x.kind}|${x.gene ?? ''}|${x.proteinChange ?? x.cdna ?? x.change ?? (x.kind === 'msi' ? x.interpretation : '') ?? ''}`;

export interface MeaningScore {
  /** Actionable findings the report states, and how many were proposed as positive findings. */
  actionable: number;
  recalled: number;
  /** VUS, synonymous and denied findings the report states, and how many were shown with that assertion. */
  nonActionable: number;
  shownAsSuch: number;
  /** Findings proposed as positive that the report denies, lists as VUS/synonymous, or names outside its results. */
  violations: DocumentFinding[];
  /** Other findings proposed as positive that no expectation names (precision). */
  extra: DocumentFinding[];
  missed: Expected[];
  positives: number;
}

/**
 * Reading by meaning, scored: recall of the actionable findings (proposed as positive), whether VUS,
 * synonymous and denied findings carry their assertion, and the count that matters — positive findings
 * the report negates (`negatives`, its non-actionable expectations) or mentions outside its results (a
 * gene that is not among `genesInResults`, when the set names them).
 */
export function meaningScore(found: DocumentFinding[], expected: Expected[], negatives: Array<Partial<Expected>>, genesInResults?: Set<string>): MeaningScore {
  const wantPositive = expected.filter((e) => ACTIONABLE_KINDS.has(e.kind) && !NON_ACTIONABLE.has(e.assertion ?? 'detected'));
  const wantOther = expected.filter((e) => NON_ACTIONABLE.has(e.assertion ?? 'detected'));
  const pos = found.filter((f) => ACTIONABLE_KINDS.has(f.kind) && isActionable(f));
  const used = new Set<DocumentFinding>();
  const missed: Expected[] = [];
  for (const e of wantPositive) {
    const { assertion, ...what } = e;
    const f = pos.find((x) => !used.has(x) && same(x, what) && (assertion === undefined || (x.assertion ?? 'detected') === assertion));
    if (f) used.add(f);
    else missed.push(e);
  }
  let shownAsSuch = 0;
  for (const e of wantOther) {
    if (found.some((x) => same(x, e))) shownAsSuch++;
    else missed.push(e);
  }
  const denied = new Set(wantOther.map(identity));
  const violations = pos.filter(
    (f) =>
      !used.has(f) &&
      (negatives.some((n) => Object.entries(n).every(([k, v]) => (f as Record<string, unknown>)[k] === v)) ||
        denied.has(identity(f)) ||
        (genesInResults !== undefined && f.gene !== undefined && !genesInResults.has(f.gene))),
  );
  const extra = pos.filter((f) => !used.has(f) && !violations.includes(f));
  return { actionable: wantPositive.length, recalled: wantPositive.length - missed.filter((m) => !NON_ACTIONABLE.has(m.assertion ?? 'detected')).length, nonActionable: wantOther.length, shownAsSuch, violations, extra, missed, positives: pos.length };
}
