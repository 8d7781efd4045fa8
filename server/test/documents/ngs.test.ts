import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../src/config/sharedData';
import { extractPdf } from '../../src/documents/extract';
import { readPdf } from '../../src/documents/pdfText';
import { ReportReadError } from '../../src/documents/readError';
import { MADE_REPORTS, madePdf } from './reports';
import { score, sharedExpected } from './score';

jest.setTimeout(60_000);
const dir = path.join(sharedDataDir(), 'reports', 'ngs');
const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected_findings.json'), 'utf8')) as Array<{ id: string; tmb: string; msi: string; alterations: Array<{ gene: string; alteration: string; type: string }> }>;
// the variants of unknown significance the reports list below their findings (not in expected_findings.json)
const VUS: Record<string, Array<{ kind: string; gene: string; proteinChange: string; assertion: string }>> = {
  'SYN-NGS-0001': [{ kind: 'variant', gene: 'ARID1A', proteinChange: 'A1010V', assertion: 'vus' }, { kind: 'variant', gene: 'NOTCH2', proteinChange: 'E1680K', assertion: 'vus' }],
  'SYN-NGS-0002': [{ kind: 'variant', gene: 'APC', proteinChange: 'S1400L', assertion: 'vus' }],
};

describe('NGS reports: every finding read, with its place on the page', () => {
  it.each(expected.map((r) => [r.id, r] as const))('%s (shared synthetic report)', async (id, report) => {
    const x = await extractPdf(new Uint8Array(fs.readFileSync(path.join(dir, `${id}.pdf`))));
    expect(x.kind).toBe('ngs');
    const s = score(x.findings, sharedExpected(report, VUS[id]));
    expect({ missed: s.missed, extra: s.extra.map((f) => `${f.kind} ${f.gene ?? f.name} ${f.proteinChange ?? ''}`) }).toEqual({ missed: [], extra: [] });
    const egfr = x.findings.find((f) => f.proteinChange === 'L858R' || f.proteinChange === 'V600E')!;
    expect(egfr).toMatchObject({ status: 'proposed', source: { page: 1 } });
    expect(egfr.source.text).toMatch(/c\.\d+[ACGT]>[ACGT]/);
    expect(egfr.vaf).toBeGreaterThan(0.2);
    // the box lies on the page (PDF points, top-left origin)
    expect(egfr.source.box!.x).toBeGreaterThanOrEqual(0);
    expect(egfr.source.box!.y + egfr.source.box!.height).toBeLessThan(792);
  });

  it.each(MADE_REPORTS.map((r) => [r.name, r] as const))('%s (layout made here)', async (_name, r) => {
    const x = await extractPdf(await madePdf(r));
    const s = score(x.findings, r.expected);
    expect({ missed: s.missed, extra: s.extra.map((f) => `${f.kind} ${f.gene ?? f.name} ${f.proteinChange ?? f.change ?? ''}`) }).toEqual({ missed: [], extra: [] });
  });

  it('refuses a corrupt or empty file with a code', async () => {
    await expect(readPdf(new Uint8Array(0))).rejects.toBeInstanceOf(ReportReadError);
    await expect(readPdf(new TextEncoder().encode('%PDF-1.7 not really'))).rejects.toMatchObject({ code: 'pdf_unreadable' });
  });
});
