/**
 * Reports of layouts other than the shared synthetic NGS reports, made here (pdf-lib) with what each must
 * yield: a prose-style NGS letter, an NGS table with other columns, three-letter HGVS and a fusion, and a
 * PD-L1 / amplification summary. Synthetic: no real patient. Shared by tests and bench:documents.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LAB_BY_KEY } from '../../src/vocab/labUnits';

export interface Expected {
  kind: string;
  gene?: string;
  proteinChange?: string;
  cdna?: string;
  change?: string;
  partner?: string;
  value?: number;
  interpretation?: string;
  assertion?: string;
  loinc?: string;
  /** Labs: the unit as UCUM. */
  unit?: string;
}

/** A laboratory result a report must yield: the analyte's LOINC code, the value and its UCUM unit. */
const lab = (key: string, value: number, unit: string): Expected => ({ kind: 'lab', loinc: LAB_BY_KEY.get(key)!.loinc, value, unit });
export interface MadeReport {
  name: string;
  lines: Array<{ text: string; x?: number; size?: number } | Array<{ text: string; x: number }>>;
  expected: Expected[];
}

export const MADE_REPORTS: MadeReport[] = [
  {
    name: 'prose NGS letter',
    lines: [
      { text: 'SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT', size: 9 },
      { text: 'Molecular Pathology Consultation', size: 14 },
      { text: 'Dear colleague, targeted sequencing of the resected sigmoid colon adenocarcinoma was performed.' },
      { text: 'Sequencing identified a KRAS p.G12C mutation (c.34G>T, NM_004985.5) at a variant allele frequency of 27%,' },
      { text: 'together with a TP53 p.R175H variant (VAF 41%). No BRAF mutation was detected.' },
      { text: 'Tumour mutational burden was 6 mutations per megabase; the tumour is microsatellite stable (MSS).' },
      { text: 'Interpretation: KRAS G12C may be targeted by sotorasib or adagrasib in later lines.' },
    ],
    expected: [
      { kind: 'variant', gene: 'KRAS', proteinChange: 'G12C' },
      { kind: 'variant', gene: 'TP53', proteinChange: 'R175H' },
      { kind: 'tmb', value: 6 },
      { kind: 'msi', interpretation: 'MS-Stable' },
    ],
  },
  {
    name: 'NGS table with other columns, three-letter HGVS and a fusion',
    lines: [
      { text: 'SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT', size: 9 },
      { text: 'Lung Cancer Panel - Results', size: 14 },
      { text: 'DETECTED ALTERATIONS', size: 11 },
      [{ text: 'VAF', x: 50 }, { text: 'Gene', x: 110 }, { text: 'Protein', x: 180 }, { text: 'Coding', x: 300 }, { text: 'Tier', x: 420 }],
      [{ text: '38.5 %', x: 50 }, { text: 'EGFR', x: 110 }, { text: 'p.(Leu858Arg)', x: 180 }, { text: 'c.2573T>G', x: 300 }, { text: 'I', x: 420 }],
      [{ text: '12.0 %', x: 50 }, { text: 'EGFR', x: 110 }, { text: 'p.(Thr790Met)', x: 180 }, { text: 'c.2369C>T', x: 300 }, { text: 'I', x: 420 }],
      { text: 'FUSIONS' , size: 11 },
      { text: 'EML4-ALK fusion (EML4 exon 13 :: ALK exon 20) detected by RNA sequencing' },
      { text: 'VARIANTS OF UNCERTAIN SIGNIFICANCE', size: 11 },
      { text: 'ATM p.Glu1978Lys' },
    ],
    expected: [
      { kind: 'variant', gene: 'EGFR', proteinChange: 'L858R' },
      { kind: 'variant', gene: 'EGFR', proteinChange: 'T790M' },
      { kind: 'fusion', gene: 'ALK', partner: 'EML4' },
      { kind: 'variant', gene: 'ATM', proteinChange: 'E1978K', assertion: 'vus' },
    ],
  },
  {
    name: 'biomarker summary: PD-L1, amplification, MSI-high',
    lines: [
      { text: 'SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT', size: 9 },
      { text: 'Biomarker Summary', size: 14 },
      { text: 'PD-L1 (22C3) tumour proportion score (TPS): 60%' },
      { text: 'MET amplified (copy number 8)' },
      { text: 'ERBB2 not amplified' },
      { text: 'Microsatellite instability: MSI-High' },
    ],
    expected: [
      { kind: 'pdl1', value: 60 },
      { kind: 'copy_number', gene: 'MET', change: 'amplification' },
      { kind: 'copy_number', gene: 'ERBB2', change: 'amplification', assertion: 'not_detected' },
      { kind: 'msi', interpretation: 'MSI-High' },
    ],
  },
  {
    name: 'laboratory report (chemistry and blood count table)',
    lines: [
      { text: 'SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT', size: 9 },
      { text: 'Central Laboratory - Cumulative Report', size: 14 },
      { text: 'Collected: 2026-11-18 07:40   Reported: 2026-11-18 12:05' },
      { text: 'HAEMATOLOGY', size: 11 },
      [{ text: 'Test', x: 50 }, { text: 'Result', x: 220 }, { text: 'Flag', x: 290 }, { text: 'Units', x: 330 }, { text: 'Reference range', x: 420 }],
      [{ text: 'Hemoglobin (HGB)', x: 50 }, { text: '10.9', x: 220 }, { text: 'L', x: 290 }, { text: 'g/dL', x: 330 }, { text: '12.0 - 15.5', x: 420 }],
      [{ text: 'WBC', x: 50 }, { text: '5.4', x: 220 }, { text: '', x: 290 }, { text: 'x10E3/uL', x: 330 }, { text: '3.4 - 10.8', x: 420 }],
      [{ text: 'Neutrophils, Absolute', x: 50 }, { text: '3.1', x: 220 }, { text: '', x: 290 }, { text: 'x10E3/uL', x: 330 }, { text: '1.4 - 7.0', x: 420 }],
      [{ text: 'Neutrophils %', x: 50 }, { text: '57', x: 220 }, { text: '', x: 290 }, { text: '%', x: 330 }, { text: '40 - 74', x: 420 }],
      [{ text: 'Platelet count', x: 50 }, { text: '142', x: 220 }, { text: 'L', x: 290 }, { text: 'K/uL', x: 330 }, { text: '150 - 400', x: 420 }],
      [{ text: 'MCH', x: 50 }, { text: '29.1', x: 220 }, { text: '', x: 290 }, { text: 'pg', x: 330 }, { text: '26.6 - 33.0', x: 420 }],
      { text: 'CHEMISTRY', size: 11 },
      [{ text: 'Creatinine', x: 50 }, { text: '97', x: 220 }, { text: 'H', x: 290 }, { text: 'umol/L', x: 330 }, { text: '45 - 90', x: 420 }],
      [{ text: 'eGFR (CKD-EPI 2021)', x: 50 }, { text: '58', x: 220 }, { text: 'L', x: 290 }, { text: 'mL/min/1.73 m2', x: 330 }, { text: '> 60', x: 420 }],
      [{ text: 'Bilirubin, Total', x: 50 }, { text: '1.4', x: 220 }, { text: 'H', x: 290 }, { text: 'mg/dL', x: 330 }, { text: '0.2 - 1.2', x: 420 }],
      [{ text: 'Bilirubin, Direct', x: 50 }, { text: '0.3', x: 220 }, { text: '', x: 290 }, { text: 'mg/dL', x: 330 }, { text: '0.0 - 0.3', x: 420 }],
      [{ text: 'ALT (SGPT)', x: 50 }, { text: '48', x: 220 }, { text: 'H', x: 290 }, { text: 'IU/L', x: 330 }, { text: '0 - 32', x: 420 }],
      [{ text: 'AST (SGOT)', x: 50 }, { text: '39', x: 220 }, { text: '', x: 290 }, { text: 'IU/L', x: 330 }, { text: '0 - 40', x: 420 }],
      [{ text: 'Albumin', x: 50 }, { text: '3.6', x: 220 }, { text: '', x: 290 }, { text: 'g/dL', x: 330 }, { text: '3.5 - 5.2', x: 420 }],
      [{ text: 'LDH', x: 50 }, { text: '260', x: 220 }, { text: 'H', x: 290 }, { text: 'U/L', x: 330 }, { text: '119 - 226', x: 420 }],
      [{ text: 'Glucose', x: 50 }, { text: '94', x: 220 }, { text: '', x: 290 }, { text: 'mg/dL', x: 330 }, { text: '70 - 99', x: 420 }],
      { text: 'COAGULATION AND TUMOUR MARKERS', size: 11 },
      [{ text: 'INR', x: 50 }, { text: '1.1', x: 220 }, { text: '', x: 290 }, { text: '', x: 330 }, { text: '0.8 - 1.2', x: 420 }],
      [{ text: 'CEA', x: 50 }, { text: '12.4', x: 220 }, { text: 'H', x: 290 }, { text: 'ng/mL', x: 330 }, { text: '< 5.0', x: 420 }],
      [{ text: 'CA 19-9', x: 50 }, { text: '88', x: 220 }, { text: 'H', x: 290 }, { text: 'U/mL', x: 330 }, { text: '0 - 37', x: 420 }],
    ],
    expected: [
      lab('hemoglobin', 10.9, 'g/dL'),
      lab('wbc', 5.4, '10*3/uL'),
      lab('anc', 3.1, '10*3/uL'),
      lab('platelets', 142, '10*3/uL'),
      lab('creatinine', 97, 'umol/L'),
      lab('creatinine_clearance', 58, 'mL/min/{1.73_m2}'),
      lab('bilirubin', 1.4, 'mg/dL'),
      lab('alt', 48, 'U/L'),
      lab('ast', 39, 'U/L'),
      lab('albumin', 3.6, 'g/dL'),
      lab('ldh', 260, 'U/L'),
      lab('inr', 1.1, '{INR}'),
      lab('cea', 12.4, 'ng/mL'),
      lab('ca19_9', 88, 'U/mL'),
    ],
  },
];

/** A laboratory export as CSV (European separator and decimal comma), with the findings it must yield. */
export const LAB_CSV = {
  name: 'laboratory CSV export',
  text: 'Analyte;Value;Unit;Flag;Reference\nHaemoglobin;11,8;g/dL;L;12,0-15,5\nPlatelets;210;10^9/L;;150-400\nAbsolute neutrophil count;1,2;10^9/L;L;1,5-7,0\nCreatinine;1,05;mg/dL;;0,50-1,10\nPSA, total;6,3;ng/mL;H;<4,0\n',
  expected: [
    lab('hemoglobin', 11.8, 'g/dL'),
    lab('platelets', 210, '10*9/L'),
    lab('anc', 1.2, '10*9/L'),
    lab('creatinine', 1.05, 'mg/dL'),
    lab('psa', 6.3, 'ng/mL'),
  ] as Expected[],
};

/** A text PDF of a made report (Helvetica, A4-ish letter page). */
export async function madePdf(r: MadeReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let page = doc.addPage([612, 792]);
  let y = 740;
  for (const line of r.lines) {
    const cells = Array.isArray(line) ? line : [{ text: line.text, x: line.x ?? 50 }];
    const size = Array.isArray(line) ? 10 : (line.size ?? 10);
    // a longer report goes on over pages
    if (y < 50) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
    for (const c of cells) page.drawText(c.text, { x: c.x, y, size, font });
    y -= size + 8;
  }
  return doc.save();
}

/**
 * A scan of a made report: its page drawn at `dpi` (pdf.js on @napi-rs/canvas) and, as a scanner does,
 * kept only as an image — a PDF page with no text layer, or a JPEG photo. The readers must OCR it.
 */
export async function scannedReport(r: MadeReport, as: 'pdf' | 'jpeg', dpi = 200): Promise<Uint8Array> {
  const { renderPdfPage } = await import('../../src/documents/pdfText');
  const { png } = await renderPdfPage(await madePdf(r), 1, dpi / 72);
  const { loadImage, createCanvas } = await import('@napi-rs/canvas');
  const img = await loadImage(Buffer.from(png));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, img.width, img.height);
  // a scanner's slight skew
  ctx.rotate(0.004);
  ctx.drawImage(img, 0, 0);
  const jpeg = canvas.toBuffer('image/jpeg', 80);
  if (as === 'jpeg') return new Uint8Array(jpeg);
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: 612, height: 792 });
  return doc.save();
}

/**
 * A password-protected PDF: a made page whose trailer names a standard security handler with a user
 * password that is not empty (pdf.js then asks for the password). No encryption tool is needed for this.
 */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('SYNTHETIC TEST DOCUMENT');
  const plain = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
  const hex = (n: number) => `<${'ab'.repeat(n)}>`;
  return new Uint8Array(Buffer.from(plain.replace(/trailer\s*<</, `trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 /O ${hex(32)} /U ${hex(32)} /P -4 >> /ID [${hex(16)} ${hex(16)}]`), 'latin1'));
}
