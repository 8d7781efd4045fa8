/**
 * Reading by meaning (part of `npm run bench:documents`; alone: `npm run bench:documents -- --meaning`):
 * per set of reports, recall of the actionable findings (variants, copy number, fusions, TMB, MSI, PD-L1)
 * proposed as positive, the VUS / synonymous / denied findings shown with that assertion, and the figure
 * that matters — findings proposed as positive that the report negates (its negatives, its VUS and
 * synonymous lists, "NOT DETECTED") or mentions outside its results (a gene its results do not name).
 *
 * Sets: the made layouts and shared synthetic reports split in two halves (A: the rules were tuned on it;
 * B: written with the rules, first read once they were done), the reports written by others in
 * ../shared/data/external/reports (read and tuned on while the rules were written), and the held-out set
 * (test/documents/heldout/reports.json, written by someone who had not read the reader; first read with the rules
 * frozen at commit 7e8e0c1, then the reader was corrected on what it showed: it no longer measures unseen material).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentFinding } from '@oncodesk/shared/contracts';
import { sharedDataDir } from '../src/config/sharedData';
import { extractDocument } from '../src/documents/extract';
import { externalDocs } from '../test/documents/external';
import { MADE_REPORTS, madePdf, type Expected } from '../test/documents/reports';
import { meaningScore, sharedExpected, type MeaningScore } from '../test/documents/score';
import { VENDOR_REPORTS, type Negative } from '../test/documents/vendorReports';
import { heldOutDocs } from '../test/documents/heldout';
import { table } from './lib';

interface MeaningDoc {
  set: string;
  name: string;
  file: string;
  bytes: Uint8Array;
  expected: Expected[];
  negatives: Negative[];
  genesInResults?: Set<string>;
}

const SHARED_VUS: Record<string, Expected[]> = {
  'SYN-NGS-0001': [{ kind: 'variant', gene: 'ARID1A', proteinChange: 'A1010V', assertion: 'vus' }, { kind: 'variant', gene: 'NOTCH2', proteinChange: 'E1680K', assertion: 'vus' }],
  'SYN-NGS-0002': [{ kind: 'variant', gene: 'APC', proteinChange: 'S1400L', assertion: 'vus' }],
};

async function docs(): Promise<MeaningDoc[]> {
  const out: MeaningDoc[] = [];
  const dir = path.join(sharedDataDir(), 'reports', 'ngs');
  const shared = JSON.parse(fs.readFileSync(path.join(dir, 'expected_findings.json'), 'utf8')) as Array<{ id: string; tmb: string; msi: string; alterations: Array<{ gene: string; alteration: string; type: string }> }>;
  for (const r of shared) out.push({ set: 'made and shared, half A (tuned on)', name: `${r.id} (shared)`, file: 'r.pdf', bytes: new Uint8Array(fs.readFileSync(path.join(dir, `${r.id}.pdf`))), expected: sharedExpected(r, SHARED_VUS[r.id]), negatives: [] });
  for (const r of MADE_REPORTS.filter((m) => m.expected.some((e) => e.kind !== 'lab'))) out.push({ set: 'made and shared, half A (tuned on)', name: r.name, file: 'r.pdf', bytes: await madePdf(r), expected: r.expected, negatives: [] });
  for (const r of VENDOR_REPORTS)
    out.push({
      set: r.half === 'A' ? 'made and shared, half A (tuned on)' : 'made, half B (written with the rules)',
      name: r.name,
      file: r.text ? 'r.txt' : 'r.pdf',
      bytes: r.text ? new TextEncoder().encode(r.text) : await madePdf(r),
      expected: r.expected,
      negatives: r.negatives,
    });
  for (const d of externalDocs()) out.push({ set: `external: ${d.set} (seen while tuning)`, name: d.name, file: d.file, bytes: new Uint8Array(fs.readFileSync(d.file)), expected: d.expected, negatives: d.negatives, genesInResults: d.genesInResults });
  // first read with the rules frozen at 7e8e0c1; the reader was then corrected on what it showed, so the set no longer measures unseen material
  for (const d of heldOutDocs()) out.push({ set: 'held-out (tuned on after its first read: no longer held out)', name: d.name, file: 'r.txt', bytes: new TextEncoder().encode(d.text), expected: d.expected, negatives: d.negatives, genesInResults: d.genesInResults });
  // the second set was written blind after the reader was finished; first read with the rules at 81d0f37, then tuned on
  for (const d of heldOutDocs('heldout2')) out.push({ set: 'held-out 2 (tuned on after its first read: no longer held out)', name: d.name, file: 'r.txt', bytes: new TextEncoder().encode(d.text), expected: d.expected, negatives: d.negatives, genesInResults: d.genesInResults });
  // the third set was written blind after the fixes the second one showed, and is read as it is: never tuned on
  for (const d of heldOutDocs('heldout3')) out.push({ set: 'held-out 3 (first read at 33521c2, then its failure classes fixed: no longer held out)', name: d.name, file: 'r.txt', bytes: new TextEncoder().encode(d.text), expected: d.expected, negatives: d.negatives, genesInResults: d.genesInResults });
  return out;
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}% (${n}/${of})` : '-');
const describe = (f: DocumentFinding) => `${f.kind} ${f.gene ?? f.name ?? ''} ${f.proteinChange ?? f.cdna ?? f.change ?? f.interpretation ?? f.value ?? ''} [${f.assertion ?? 'detected'}] ← "${f.source.text.slice(0, 80)}"`;

export async function meaningBench(): Promise<void> {
  const all = await docs();
  const bySet = new Map<string, { docs: number; s: Omit<MeaningScore, 'violations' | 'extra' | 'missed'> & { violations: number; extra: number } }>();
  const rows: Array<Array<string | number>> = [];
  for (const d of all) {
    const x = await extractDocument(d.file, d.bytes);
    const s = meaningScore(x.findings, d.expected, d.negatives as Array<Partial<Expected>>, d.genesInResults);
    const t = bySet.get(d.set) ?? { docs: 0, s: { actionable: 0, recalled: 0, nonActionable: 0, shownAsSuch: 0, violations: 0, extra: 0, positives: 0 } };
    t.docs++;
    t.s.actionable += s.actionable;
    t.s.recalled += s.recalled;
    t.s.nonActionable += s.nonActionable;
    t.s.shownAsSuch += s.shownAsSuch;
    t.s.violations += s.violations.length;
    t.s.extra += s.extra.length;
    t.s.positives += s.positives;
    bySet.set(d.set, t);
    rows.push([d.set, d.name.slice(0, 48), pct(s.recalled, s.actionable), pct(s.shownAsSuch, s.nonActionable), s.violations.length, s.extra.length]);
    if (s.violations.length) console.error(`  ${d.name}: PROPOSED AS POSITIVE, DENIED OR OUTSIDE RESULTS: ${s.violations.map(describe).join(' | ')}`);
    if (s.missed.length) console.error(`  ${d.name}: missed ${s.missed.map((m) => `${m.kind} ${m.gene ?? ''} ${m.proteinChange ?? m.cdna ?? m.change ?? m.interpretation ?? m.value ?? ''} [${m.assertion ?? 'detected'}]`).join(', ')}`);
    if (s.extra.length) console.error(`  ${d.name}: other positives ${s.extra.map(describe).join(' | ')}`);
  }
  console.log('\nReading by meaning, per report:\n');
  console.log(table(['set', 'report', 'actionable recall', 'VUS/synonymous/denied shown as such', 'positive but denied or outside results', 'other positives'], rows));
  const total = { docs: 0, actionable: 0, recalled: 0, nonActionable: 0, shownAsSuch: 0, violations: 0, extra: 0 };
  const setRows: Array<Array<string | number>> = [];
  const heldOut: Array<Array<string | number>> = [];
  for (const [set, { docs: n, s }] of bySet) {
    const row = [set, n, pct(s.recalled, s.actionable), pct(s.shownAsSuch, s.nonActionable), s.violations, s.extra, '≥95% / 0'];
    if (set.startsWith('held-out')) {
      heldOut.push(row);
      continue;
    }
    setRows.push(row);
    total.docs += n;
    total.actionable += s.actionable;
    total.recalled += s.recalled;
    total.nonActionable += s.nonActionable;
    total.shownAsSuch += s.shownAsSuch;
    total.violations += s.violations;
    total.extra += s.extra;
  }
  setRows.push(['total (without held-out)', total.docs, pct(total.recalled, total.actionable), pct(total.shownAsSuch, total.nonActionable), total.violations, total.extra, '≥95% / 0']);
  const headers = ['set', 'reports', 'actionable recall', 'VUS/synonymous/denied shown as such', 'positive but denied or outside results', 'other positives', 'target (recall / denied)'];
  console.log('\nReading by meaning, per set:\n');
  console.log(table(headers, setRows));
  console.log('\nHeld-out sets (written by people who had not read the reader; the first was read with the rules frozen at 7e8e0c1, then tuned on; the second was read once with the rules at 81d0f37, then tuned on — see README):\n');
  console.log(heldOut.length ? table(headers, heldOut) : 'test/documents/heldout*/reports.json not found');
}
