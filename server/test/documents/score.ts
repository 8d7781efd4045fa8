import type { DocumentFinding } from '@oncodesk/shared/contracts';
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
