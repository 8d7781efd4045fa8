import type { DocumentFinding, DocumentKind } from '@oncodesk/shared/contracts';
import { linesOf } from '../layout';
import { readPdf } from '../pdfText';
import { asFindings, ngsFindings } from './ngs';

export interface Extraction {
  kind: DocumentKind;
  pages: number;
  findings: DocumentFinding[];
}

/**
 * What a text PDF report says, every finding with its page, line and box. Classified as an NGS report
 * when it yields molecular findings or names the tests; laboratory reports and OCR of scanned pages are
 * not read yet (kind "other", no findings).
 */
export async function extractPdf(bytes: Uint8Array): Promise<Extraction> {
  const pages = await readPdf(bytes);
  const lines = pages.flatMap(linesOf);
  const drafts = ngsFindings(lines);
  const molecular = drafts.length > 0 || lines.some((l) => /\b(?:next[- ]generation sequencing|NGS|variant allele|tumou?r mutational burden|genomic (?:findings|alterations))\b/i.test(l.text));
  return { kind: molecular ? 'ngs' : 'other', pages: pages.length, findings: molecular ? asFindings(drafts, 'f') : [] };
}
