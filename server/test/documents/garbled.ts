/**
 * A page whose text layer cannot be read: what the page shows is drawn as an image (as a report printed
 * through a font the PDF does not describe), and the text layer beside it holds the glyph numbers of a
 * font whose encoding is lost — each character 29 codes below its own ("Guardant" -> "*XDUGDQW", the
 * usual shift of a TrueType font's glyph order), digits as other signs. Made with pdf-lib; synthetic.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { madePdf, type MadeReport } from './reports';

/** A Guardant360-style summary page with the five results the unreadable sample holds. */
export const GUARDANT_LIKE: MadeReport = {
  name: 'Guardant360-style summary (text layer unreadable)',
  lines: [
    { text: 'SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT', size: 9 },
    { text: 'Guardant360 CDx - Tumor Mutation Profiling', size: 14 },
    { text: 'Patient: Test, Sample   Diagnosis: Lung adenocarcinoma   Report date: 2026-11-18' },
    { text: 'Summary of Detected Somatic Alterations, Immunotherapy Biomarkers & Associated Treatment Options', size: 11 },
    [{ text: 'Detected Alteration(s) / Biomarker(s)', x: 50 }, { text: '% cfDNA or Amp', x: 320 }, { text: 'Associated FDA-approved therapies', x: 420 }],
    [{ text: 'MSI-High DETECTED', x: 50 }, { text: '', x: 320 }, { text: 'Pembrolizumab', x: 420 }],
    [{ text: 'CDKN2A R80*', x: 50 }, { text: '3.4%', x: 320 }, { text: 'None', x: 420 }],
    [{ text: 'FGFR1 Amplification', x: 50 }, { text: 'High (+++)', x: 320 }, { text: 'None', x: 420 }],
    [{ text: 'PIK3CA Amplification', x: 50 }, { text: 'Medium (++)', x: 320 }, { text: 'None', x: 420 }],
    { text: 'The functional consequences and clinical significance of alterations are unknown if not indicated.' },
  ],
  expected: [
    { kind: 'msi', interpretation: 'MSI-High' },
    { kind: 'variant', gene: 'CDKN2A', proteinChange: 'R80*' },
    { kind: 'copy_number', gene: 'FGFR1', change: 'amplification' },
    { kind: 'copy_number', gene: 'PIK3CA', change: 'amplification' },
  ],
};

/** A character as a font with a lost encoding gives it (within what Helvetica's WinAnsi can draw). */
const lost = (c: string) => {
  const code = c.charCodeAt(0);
  if (c === ' ') return ' ';
  if (code - 29 >= 33 && code - 29 <= 126) return String.fromCharCode(code - 29);
  return String.fromCharCode(0xc0 + (code % 32));
};
export const garbledText = (s: string) => [...s].map(lost).join('');

/**
 * The report's page as an image at `dpi` with an invisible text layer of glyph soup at the same places
 * (pdf.js extracts it; a viewer shows only the image).
 */
export async function garbledPdf(r: MadeReport, dpi = 400): Promise<Uint8Array> {
  const { renderPdfPage } = await import('../../src/documents/pdfText');
  const { png } = await renderPdfPage(await madePdf(r), 1, dpi / 72);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawImage(await doc.embedPng(png), { x: 0, y: 0, width: 612, height: 792 });
  let y = 740;
  for (const line of r.lines) {
    const cells = Array.isArray(line) ? line : [{ text: line.text, x: line.x ?? 50 }];
    const size = Array.isArray(line) ? 10 : (line.size ?? 10);
    for (const c of cells) page.drawText(garbledText(c.text), { x: c.x, y, size, font, opacity: 0 });
    y -= size + 8;
  }
  return doc.save();
}
