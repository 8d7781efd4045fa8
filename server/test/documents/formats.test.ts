/**
 * Reports in the other formats a clinic has: a laboratory table, a scanned PDF and a phone photo of a
 * report (OCR), a CSV export. Each must yield exactly its expected findings (recall and precision 100%
 * here; bench:documents measures the same with timings).
 */
import { extractDocument, formatOf } from '../../src/documents/extract';
import { stopOcr } from '../../src/documents/ocr';
import { LAB_CSV, MADE_REPORTS, madePdf, scannedReport } from './reports';
import { score } from './score';

jest.setTimeout(120_000);
afterAll(() => stopOcr());

const labReport = MADE_REPORTS.find((r) => r.name.startsWith('laboratory'))!;
const prose = MADE_REPORTS.find((r) => r.name.startsWith('prose'))!;
const exact = (found: Parameters<typeof score>[0], expected: Parameters<typeof score>[1]) => {
  const s = score(found, expected);
  expect({ missed: s.missed, extra: s.extra.map((f) => f.source.text) }).toEqual({ missed: [], extra: [] });
};

describe('laboratory report (text PDF)', () => {
  it('reads every result with LOINC, UCUM unit, flag and range; skips other tests of similar names', async () => {
    const x = await extractDocument('labs.pdf', await madePdf(labReport));
    expect(x).toMatchObject({ kind: 'lab', pages: 1, ocrPages: 0 });
    exact(x.findings, labReport.expected);
    expect(x.findings.find((f) => f.loinc === '1975-2')).toMatchObject({ flag: 'H', referenceRange: '0.2 - 1.2', source: { page: 1, text: expect.stringContaining('Bilirubin, Total'), box: expect.any(Object) } });
    // "Neutrophils %" (relative), "Bilirubin, Direct", "MCH" and "Glucose" are not read as anything trials ask
    expect(x.findings.some((f) => /Direct|MCH|%|Glucose/.test(f.source.text))).toBe(false);
  });
});

describe('scans: OCR of a 400 dpi rendering', () => {
  it.each([
    ['scanned PDF (no text layer)', 'pdf' as const, 'scan.pdf'],
    ['phone photo (JPEG)', 'jpeg' as const, 'photo.jpg'],
  ])('%s of the laboratory report', async (_label, as, name) => {
    const x = await extractDocument(name, await scannedReport(labReport, as));
    expect(x).toMatchObject({ kind: 'lab', ocrPages: 1 });
    exact(x.findings, labReport.expected);
    // boxes are in the page's units, inside the page
    for (const f of x.findings) expect(f.source.box!.x + f.source.box!.width).toBeLessThan(as === 'pdf' ? 612 : 1800);
  });

  it('a phone photo of an NGS table with three-letter HGVS (OCR slips such as "Glul978Lys" repaired)', async () => {
    const table = MADE_REPORTS.find((r) => r.name.startsWith('NGS table'))!;
    const x = await extractDocument('photo.jpg', await scannedReport(table, 'jpeg'));
    exact(x.findings, table.expected);
  });

  it('a scanned prose NGS letter', async () => {
    const x = await extractDocument('letter.pdf', await scannedReport(prose, 'pdf'));
    expect(x.kind).toBe('ngs');
    exact(x.findings, prose.expected);
  });

  it('an image with no text is refused with a reason', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const c = createCanvas(800, 600);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#8ab';
    ctx.fillRect(0, 0, 800, 600);
    await expect(extractDocument('blank.png', new Uint8Array(c.toBuffer('image/png')))).rejects.toMatchObject({ code: 'no_text_found' });
  });
});

describe('CSV export', () => {
  it('reads a long export with a European separator and decimal commas', async () => {
    const x = await extractDocument('labs.csv', new TextEncoder().encode(LAB_CSV.text));
    expect(x.kind).toBe('lab');
    exact(x.findings, LAB_CSV.expected);
    expect(x.findings[0].source).toEqual({ page: 1, text: 'Haemoglobin 11,8 g/dL L 12,0-15,5' });
  });

  it('reads a wide export (one column per analyte) from its latest row', async () => {
    const csv = 'Date,Hemoglobin (g/dL),Platelets (x10^9/L),Creatinine (umol/L)\n2026-10-01,12.1,180,80\n2026-11-01,11.4,132,91\n';
    const x = await extractDocument('wide.csv', new TextEncoder().encode(csv));
    expect(x.findings.map((f) => [f.loinc, f.value, f.unit])).toEqual([['718-7', 11.4, 'g/dL'], ['777-3', 132, '10*9/L'], ['2160-0', 91, 'umol/L']]);
  });
});

describe('formats', () => {
  it('are told by content, not by name', () => {
    expect(formatOf('report.bin', new TextEncoder().encode('%PDF-1.7'))).toBe('pdf');
    expect(formatOf('a.csv', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image');
    expect(formatOf('notes.docx', new TextEncoder().encode('PK\u0003\u0004'))).toBeNull();
  });

  it('a 300-page PDF is refused, not read for minutes', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    for (let i = 0; i < 300; i++) doc.addPage([200, 200]);
    await expect(extractDocument('long.pdf', await doc.save())).rejects.toMatchObject({ code: 'pdf_too_many_pages' });
  });
});
