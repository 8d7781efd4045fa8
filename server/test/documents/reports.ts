/**
 * Reports of layouts other than the shared synthetic NGS reports, made here (pdf-lib) with what each must
 * yield: a prose-style NGS letter, an NGS table with other columns, three-letter HGVS and a fusion, and a
 * PD-L1 / amplification summary. Synthetic: no real patient. Shared by tests and bench:documents.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface Expected {
  kind: string;
  gene?: string;
  proteinChange?: string;
  change?: string;
  partner?: string;
  value?: number;
  interpretation?: string;
}
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
      { kind: 'variant', gene: 'ATM', proteinChange: 'E1978K', interpretation: 'vus' },
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
      { kind: 'msi', interpretation: 'MSI-High' },
    ],
  },
];

/** A text PDF of a made report (Helvetica, A4-ish letter page). */
export async function madePdf(r: MadeReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  let y = 740;
  for (const line of r.lines) {
    const cells = Array.isArray(line) ? line : [{ text: line.text, x: line.x ?? 50 }];
    const size = Array.isArray(line) ? 10 : (line.size ?? 10);
    for (const c of cells) page.drawText(c.text, { x: c.x, y, size, font });
    y -= size + 8;
  }
  return doc.save();
}
