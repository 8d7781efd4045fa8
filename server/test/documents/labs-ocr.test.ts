/**
 * OCR where text fails: a PDF page whose text layer is glyph soup is read by OCR (and a clean one is not),
 * photographed laboratory reports are turned upright (tilted, sideways, upside down) before they are read,
 * and the laboratory reports made in three languages read exactly from their text PDFs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../src/config/sharedData';
import { extractDocument, needsOcr } from '../../src/documents/extract';
import { stopOcr } from '../../src/documents/ocr';
import { textAngle } from '../../src/documents/orient';
import { readPdf } from '../../src/documents/pdfText';
import { GUARDANT_LIKE, garbledPdf } from './garbled';
import { LAB_REPORTS, SHOTS, photographedReport, type Shot } from './labReports';
import { madePdf } from './reports';
import { score } from './score';

jest.setTimeout(600_000);
afterAll(() => stopOcr());

const external = path.join(sharedDataDir(), 'external', 'reports', 'guardant360');
const shared = path.join(sharedDataDir(), 'reports', 'ngs');
const pdfsIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.pdf$/i.test(f)).map((f) => path.join(dir, f)) : []);

describe('a text layer that does not read is read by OCR', () => {
  it('every page of the Guardant360 vendor samples and the shared synthetic reports keeps its text layer', async () => {
    const files = [...pdfsIn(external), ...pdfsIn(shared)];
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) for (const page of await readPdf(new Uint8Array(fs.readFileSync(f)))) expect({ f, page: page.number, ocr: needsOcr(page) }).toEqual({ f, page: page.number, ocr: false });
  });

  it('a Guardant360-style page whose fonts map glyphs to wrong codes is read by OCR: MSI-High, CDKN2A R80*, FGFR1 and PIK3CA amplifications', async () => {
    const bytes = await garbledPdf(GUARDANT_LIKE);
    const [page] = await readPdf(bytes);
    // the text layer is there (hundreds of characters) but reads as nothing
    expect(page.items.reduce((n, i) => n + i.str.length, 0)).toBeGreaterThan(300);
    expect(needsOcr(page)).toBe(true);
    const x = await extractDocument('Guardant360_Sample_Report.pdf', bytes);
    expect(x).toMatchObject({ kind: 'ngs', pages: 1, ocrPages: 1 });
    expect(score(x.findings, GUARDANT_LIKE.expected).missed).toEqual([]);
  });
});

describe('laboratory reports in English, Spanish and Italian (text PDFs)', () => {
  it.each(LAB_REPORTS.map((r) => [r.name, r] as const))('%s', async (_name, r) => {
    const x = await extractDocument('labs.pdf', await madePdf(r));
    const s = score(x.findings, r.expected);
    expect({ missed: s.missed, extra: s.extra.map((f) => f.source.text) }).toEqual({ missed: [], extra: [] });
  });

  it('keeps the flag beside the value and the reference "<41" as ULN 41', async () => {
    const x = await extractDocument('labs.pdf', await madePdf(LAB_REPORTS[0]));
    expect(x.findings.find((f) => f.analyte === 'wbc')).toMatchObject({ value: 3.4, flag: 'L', unit: '10*3/uL', referenceRange: '4.0-11.0' });
    expect(x.findings.find((f) => f.analyte === 'alt')).toMatchObject({ value: 31, referenceRange: '<41' });
  });
});

describe('photographs turned upright', () => {
  it.each(SHOTS)('finds the text angle of a photo %s', async (_name, shot) => {
    const { angle } = await textAngle(await photographedReport(LAB_REPORTS[1], shot));
    // the turn that makes its lines level: minus the photo's turn and tilt, up to half a turn (the reading settles that)
    const want = -((shot.turn ?? 0) + (shot.angle ?? 0));
    const off = (((angle - want) % 180) + 180) % 180;
    expect(Math.min(off, 180 - off)).toBeLessThanOrEqual(shot.shear ? 0.6 : 0.3);
  });

  it.each<[string, Shot]>([
    ['tilted 3°', { angle: 3 }],
    ['upside down', { turn: 180 }],
  ])('reads a laboratory photo %s, its boxes on the photo as it is', async (_name, shot) => {
    const r = LAB_REPORTS[0];
    const photo = await photographedReport(r, shot);
    const x = await extractDocument('photo.jpg', photo);
    expect(x).toMatchObject({ kind: 'lab', ocrPages: 1 });
    const s = score(x.findings, r.expected);
    // OCR of a 200 dpi phone photo loses some cells and misreads some digits (bench:documents gives the
    // figures): most values read, and what is proposed as a number is mostly right
    expect(s.recall).toBeGreaterThanOrEqual(0.5);
    const numbers = x.findings.filter((f) => f.interpretation !== 'not_understood');
    expect(score(numbers, r.expected).precision).toBeGreaterThanOrEqual(0.75);
    const { loadImage } = await import('@napi-rs/canvas');
    const img = await loadImage(Buffer.from(photo));
    for (const f of x.findings) {
      const b = f.source.box!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(img.width);
      expect(b.y + b.height).toBeLessThanOrEqual(img.height);
    }
    // findings come in reading order; upside down, the later rows stand higher on the photo
    const ys = x.findings.map((f) => f.source.box!.y);
    if (shot.turn === 180) expect(ys[0]).toBeGreaterThan(ys[ys.length - 1]);
    else expect(ys[0]).toBeLessThan(ys[ys.length - 1]);
  });
});
