/**
 * The held-out report set (test/documents/heldout/reports.json, see its README): texts written by a helper
 * who had not read the reader, each with what a person reads from it and what it names without finding it.
 * Read here as they are. The reader's rules were frozen (commit 7e8e0c1) before this file was first opened;
 * after that first reading the reader was corrected on what it showed, so the set is no longer held out. Its molecular reports are scored by bench:documents; its laboratory reports
 * belong to the laboratory reader's figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Expected } from './reports';
import type { Negative } from './vendorReports';

export interface HeldOutDoc {
  name: string;
  text: string;
  expected: Expected[];
  negatives: Negative[];
  genesInResults?: Set<string>;
}

type Written = { kind: string; interpretation?: string; why?: string; [k: string]: unknown };

/** The set's `interpretation` on a variant, copy number or fusion is what the finding model calls its assertion. */
function asExpected(e: Written): Expected {
  const { interpretation, why: _why, ...rest } = e;
  if (e.kind === 'msi' || interpretation === undefined) return { ...(rest as unknown as Expected), ...(interpretation !== undefined ? { interpretation } : {}) };
  return { ...(rest as unknown as Expected), assertion: interpretation };
}

/** A held-out set's molecular reports: `heldout` (first set) or `heldout2` (the second, never tuned on). */
export function heldOutDocs(folder: 'heldout' | 'heldout2' | 'heldout3' = 'heldout'): HeldOutDoc[] {
  const file = path.join(__dirname, folder, 'reports.json');
  if (!fs.existsSync(file)) return [];
  const set = JSON.parse(fs.readFileSync(file, 'utf8')) as { reports: Array<{ id: string; text: string; expected: Written[]; negatives?: Written[] }> };
  return set.reports
    .filter((r) => !r.expected.some((e) => e.kind === 'lab'))
    .map((r) => ({
      name: r.id,
      text: r.text,
      expected: r.expected.map(asExpected),
      negatives: (r.negatives ?? []).map((n) => {
        const { why: _why, ...rest } = n;
        return rest as Negative;
      }),
    }));
}
