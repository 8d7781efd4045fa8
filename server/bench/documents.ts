/**
 * Report reading (`npm run bench:documents`): for each test report (the shared synthetic NGS reports and
 * the layouts made in test/documents/reports.ts), recall and precision of the findings against the
 * expected ones, and the time per page of a text PDF (pdf.js in a worker, layout, extraction; one core).
 * Scanned pages (OCR) and laboratory reports are not read yet, so they are not in the table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../src/config/sharedData';
import { extractPdf } from '../src/documents/extract';
import { MADE_REPORTS, madePdf } from '../test/documents/reports';
import { score, sharedExpected } from '../test/documents/score';
import { table } from './lib';

const VUS: Record<string, Array<{ kind: string; gene: string; proteinChange: string; interpretation: string }>> = {
  'SYN-NGS-0001': [{ kind: 'variant', gene: 'ARID1A', proteinChange: 'A1010V', interpretation: 'vus' }, { kind: 'variant', gene: 'NOTCH2', proteinChange: 'E1680K', interpretation: 'vus' }],
  'SYN-NGS-0002': [{ kind: 'variant', gene: 'APC', proteinChange: 'S1400L', interpretation: 'vus' }],
};

async function main() {
  const dir = path.join(sharedDataDir(), 'reports', 'ngs');
  const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected_findings.json'), 'utf8')) as Array<{ id: string; tmb: string; msi: string; alterations: Array<{ gene: string; alteration: string; type: string }> }>;
  const docs: Array<{ name: string; bytes: Uint8Array; expected: ReturnType<typeof sharedExpected> }> = [
    ...expected.map((r) => ({ name: `${r.id} (shared)`, bytes: new Uint8Array(fs.readFileSync(path.join(dir, `${r.id}.pdf`))), expected: sharedExpected(r, VUS[r.id]) })),
    ...(await Promise.all(MADE_REPORTS.map(async (r) => ({ name: r.name, bytes: await madePdf(r), expected: r.expected })))),
  ];
  const rows: Array<Array<string | number>> = [];
  let found = 0;
  let right = 0;
  let wanted = 0;
  let recalled = 0;
  const perPage: number[] = [];
  for (const d of docs) {
    const runs: number[] = [];
    let x = await extractPdf(d.bytes);
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      x = await extractPdf(d.bytes);
      runs.push((performance.now() - t0) / x.pages);
    }
    const s = score(x.findings, d.expected);
    const ms = runs.sort((a, b) => a - b)[2];
    perPage.push(ms);
    found += x.findings.length;
    right += Math.round(s.precision * x.findings.length);
    wanted += d.expected.length;
    recalled += Math.round(s.recall * d.expected.length);
    rows.push([d.name, x.kind, d.expected.length, x.findings.length, `${(100 * s.recall).toFixed(0)}%`, `${(100 * s.precision).toFixed(0)}%`, ms.toFixed(0)]);
  }
  console.log(`\nReports read: ${docs.length} text PDFs (NGS)\n`);
  console.log(table(['report', 'kind', 'expected', 'found', 'recall', 'precision', 'ms per page (median of 5)'], rows));
  console.log(`\nAll reports: recall ${((100 * recalled) / wanted).toFixed(1)}% (${recalled}/${wanted}), precision ${((100 * right) / found).toFixed(1)}% (${right}/${found}); targets >= 95% each; text page <= 1000 ms (worst ${Math.max(...perPage).toFixed(0)} ms).`);
}

void main();
