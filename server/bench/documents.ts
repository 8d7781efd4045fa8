/**
 * Report reading (`npm run bench:documents`): for each test report — the shared synthetic NGS reports and
 * the layouts made in test/documents/reports.ts, as text PDFs, as scans (PDF without a text layer, phone
 * photo: OCR) and as CSV — recall and precision of the findings against the expected ones, and the time
 * per page on one core (pdf.js in a worker, OCR in tesseract.js's worker, layout, extraction).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../src/config/sharedData';
import { extractDocument } from '../src/documents/extract';
import { stopOcr } from '../src/documents/ocr';
import { LAB_CSV, MADE_REPORTS, madePdf, scannedReport, type Expected } from '../test/documents/reports';
import { LAB_REPORTS, SHOTS, photographedReport } from '../test/documents/labReports';
import { GUARDANT_LIKE, garbledPdf } from '../test/documents/garbled';
import { score, sharedExpected } from '../test/documents/score';
import { table } from './lib';
import { meaningBench } from './documentsMeaning';
import { installReferenceVocabularies } from '../src/vocab/reference/active';
import { readGenes } from '../src/vocab/reference/readShared';

const VUS: Record<string, Expected[]> = {
  'SYN-NGS-0001': [{ kind: 'variant', gene: 'ARID1A', proteinChange: 'A1010V', assertion: 'vus' }, { kind: 'variant', gene: 'NOTCH2', proteinChange: 'E1680K', assertion: 'vus' }],
  'SYN-NGS-0002': [{ kind: 'variant', gene: 'APC', proteinChange: 'S1400L', assertion: 'vus' }],
};

interface Doc {
  name: string;
  form: 'text PDF' | 'scanned PDF (OCR)' | 'photo JPEG (OCR)' | 'CSV' | 'lab photo, turned/skewed/low-res (OCR)' | 'unreadable text layer (OCR)';
  file: string;
  bytes: Uint8Array;
  expected: Expected[];
}

async function main() {
  // the full NCBI gene list, as a server installs it at start from the shared data (vocab/reference/startup.ts)
  installReferenceVocabularies({ genes: readGenes(sharedDataDir()) });
  await meaningBench();
  // `-- --meaning`: only the reading-by-meaning tables (no OCR: seconds instead of minutes)
  if (process.argv.includes('--meaning')) return;
  const dir = path.join(sharedDataDir(), 'reports', 'ngs');
  const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected_findings.json'), 'utf8')) as Array<{ id: string; tmb: string; msi: string; alterations: Array<{ gene: string; alteration: string; type: string }> }>;
  const docs: Doc[] = [
    ...expected.map((r) => ({ name: `${r.id} (shared)`, form: 'text PDF' as const, file: 'r.pdf', bytes: new Uint8Array(fs.readFileSync(path.join(dir, `${r.id}.pdf`))), expected: sharedExpected(r, VUS[r.id]) })),
    ...(await Promise.all(MADE_REPORTS.map(async (r) => ({ name: r.name, form: 'text PDF' as const, file: 'r.pdf', bytes: await madePdf(r), expected: r.expected })))),
    { name: LAB_CSV.name, form: 'CSV', file: 'r.csv', bytes: new TextEncoder().encode(LAB_CSV.text), expected: LAB_CSV.expected },
  ];
  // laboratory reports in en/es/it: text PDFs and phone photos (tilted, skewed, low resolution, sideways, upside down)
  for (const r of LAB_REPORTS) {
    docs.push({ name: r.name, form: 'text PDF', file: 'r.pdf', bytes: await madePdf(r), expected: r.expected });
    for (const [shot, s] of SHOTS) docs.push({ name: `${r.name} — ${shot}`, form: 'lab photo, turned/skewed/low-res (OCR)', file: 'photo.jpg', bytes: await photographedReport(r, s), expected: r.expected });
  }
  // a Guardant360-style page whose text layer is glyph soup: read by OCR
  docs.push({ name: GUARDANT_LIKE.name, form: 'unreadable text layer (OCR)', file: 'r.pdf', bytes: await garbledPdf(GUARDANT_LIKE), expected: GUARDANT_LIKE.expected });
  for (const r of MADE_REPORTS) {
    docs.push({ name: r.name, form: 'scanned PDF (OCR)', file: 'scan.pdf', bytes: await scannedReport(r, 'pdf'), expected: r.expected });
    docs.push({ name: r.name, form: 'photo JPEG (OCR)', file: 'photo.jpg', bytes: await scannedReport(r, 'jpeg'), expected: r.expected });
  }
  const rows: Array<Array<string | number>> = [];
  const byForm = new Map<string, { found: number; right: number; wanted: number; recalled: number; ms: number[]; worstRecall: number; worstPrecision: number }>();
  // the OCR engine starts once (about 1 s): warm it so per-page times are the steady state
  await extractDocument('photo.jpg', await scannedReport(MADE_REPORTS[0], 'jpeg'));
  for (const d of docs) {
    const runs: number[] = [];
    let x = await extractDocument(d.file, d.bytes);
    const repeats = d.form.includes('OCR') ? 2 : 5;
    for (let i = 0; i < repeats; i++) {
      const t0 = performance.now();
      x = await extractDocument(d.file, d.bytes);
      runs.push((performance.now() - t0) / x.pages);
    }
    const s = score(x.findings, d.expected);
    const ms = runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const f = byForm.get(d.form) ?? { found: 0, right: 0, wanted: 0, recalled: 0, ms: [], worstRecall: 1, worstPrecision: 1 };
    f.found += x.findings.length;
    f.right += Math.round(s.precision * x.findings.length);
    f.wanted += d.expected.length;
    f.recalled += Math.round(s.recall * d.expected.length);
    f.ms.push(ms);
    f.worstRecall = Math.min(f.worstRecall, s.recall);
    f.worstPrecision = Math.min(f.worstPrecision, s.precision);
    byForm.set(d.form, f);
    rows.push([d.name, d.form, x.kind, d.expected.length, x.findings.length, `${(100 * s.recall).toFixed(0)}%`, `${(100 * s.precision).toFixed(0)}%`, ms.toFixed(0)]);
    if (s.missed.length || s.extra.length) console.error(`  ${d.name} / ${d.form}: missed ${JSON.stringify(s.missed)} extra ${JSON.stringify(s.extra.map((e) => e.source.text))}`);
  }
  await stopOcr();
  console.log(`\nReports read: ${docs.length} documents (one core per document; OCR at 400 dpi)\n`);
  console.log(table(['report', 'form', 'kind', 'expected', 'found', 'recall', 'precision', 'ms per page (median)'], rows));
  console.log('\nBy form:\n');
  console.log(
    table(
      ['form', 'documents', 'recall', 'precision', 'worst recall', 'worst precision', 'worst ms per page', 'target'],
      [...byForm].map(([form, f]) => [form, f.ms.length, `${((100 * f.recalled) / f.wanted).toFixed(1)}% (${f.recalled}/${f.wanted})`, `${((100 * f.right) / f.found).toFixed(1)}% (${f.right}/${f.found})`, `${(100 * f.worstRecall).toFixed(0)}%`, `${(100 * f.worstPrecision).toFixed(0)}%`, Math.max(...f.ms).toFixed(0), form.includes('OCR') ? '≥95% each, ≤ 10000 ms' : '≥95% each, ≤ 1000 ms']),
    ),
  );
}

void main();
