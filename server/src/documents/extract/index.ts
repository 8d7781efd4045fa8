import type { DocumentFinding, DocumentKind } from '@oncodesk/shared/contracts';
import { linesOf, type Line } from '../layout';
import { readPdf, renderPdfPage, type PdfPage } from '../pdfText';
import { ReportReadError } from '../readError';
import { imageSize } from '../image';
import { readPicture } from '../orient';
import { readableShare } from '../words';
import { csvLines } from './csv';
import { foundationXmlFindings, isFoundationXml } from './foundationXml';
import { looksDelimited, textLines } from './text';
import { asFindings } from './draft';
import { labFindings } from './lab';
import { ngsFindings } from './ngs';

export interface Extraction {
  kind: DocumentKind;
  pages: number;
  /** Pages read by OCR (scanned or photographed). */
  ocrPages: number;
  findings: DocumentFinding[];
}

/** The formats a report may come in, told by content (the name's extension only as a hint for CSV). */
export type ReportFormat = 'pdf' | 'image' | 'csv' | 'text' | 'xml';
export function formatOf(name: string, bytes: Uint8Array): ReportFormat | null {
  const head = Buffer.from(bytes.subarray(0, 8));
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image';
  // a FoundationOne results XML, by content; a .txt that is a delimited export reads as CSV, else as pasted text
  if (isFoundationXml(Buffer.from(bytes.subarray(0, 4096)).toString('utf8'))) return 'xml';
  if (/\.txt$/i.test(name) && !looksDelimited(bytes)) return 'text';
  if (/\.(csv|tsv|txt)$/i.test(name)) return 'csv';
  return null;
}

/** A page that has (almost) no text layer is a scan: its text comes from OCR of a 400 dpi rendering. */
const SCANNED_BELOW_CHARS = 20;
/**
 * A text layer of which fewer than this share of words read as words (words/readableShare) is glyph soup
 * from a font whose encoding is lost, and the page is read by OCR as a scan is. Measured: the pages of the
 * two Guardant360 vendor samples and the shared synthetic reports score 0.42-0.61, a page whose fonts map
 * glyphs to wrong codes 0.01-0.02 (test/documents/labs-ocr.test.ts).
 */
const UNREADABLE_BELOW = 0.2;
/** Fewer weighed words than this ("Page 2 of 7") do not tell a text layer readable or not: it is kept. */
const UNREADABLE_MIN_TOKENS = 10;

/** Whether a PDF page's text must come from OCR: no text layer, or one that does not read as words. */
export function needsOcr(page: PdfPage): boolean {
  if (page.items.reduce((n, i) => n + i.str.trim().length, 0) < SCANNED_BELOW_CHARS) return true;
  const { share, tokens } = readableShare(page.items.map((i) => i.str).join(' '));
  return tokens >= UNREADABLE_MIN_TOKENS && share < UNREADABLE_BELOW;
}
/** OCR takes seconds a page: a longer scan is refused rather than holding the queue for an hour. */
export const MAX_OCR_PAGES = 30;
/**
 * Scans are read from a 400 dpi rendering: measured on the made reports (bench:documents), 300 dpi lost
 * decimal points ("1.4" read as "14") that 400 keeps, at about 2 s a page.
 */
const OCR_DPI = 400;
/** A letter page's width at that resolution, in pixels. */
const OCR_WIDTH = 8.5 * OCR_DPI;

/** What a report says: every finding with its page, line and box; the report classified by what it holds. */
export async function extractDocument(name: string, bytes: Uint8Array): Promise<Extraction> {
  const format = formatOf(name, bytes);
  let pages: PdfPage[];
  let ocrPages = 0;
  let lines: Line[];
  if (format === 'pdf') {
    pages = await readPdf(bytes);
    const scanned = pages.filter(needsOcr);
    const read = new Map<number, Line[]>();
    if (scanned.length > MAX_OCR_PAGES) throw new ReportReadError('pdf_too_many_pages');
    for (const p of scanned) {
      // a page beyond the pixel budget is drawn at a lower scale: boxes come back in points either way
      const { png, scale } = await renderPdfPage(bytes, p.number, OCR_DPI / 72);
      // turned upright (a scanner's tilt, a page fed sideways) and read; boxes in points on the page as shown
      read.set(p.number, (await readPicture(png, p.number, 1, scale)).lines);
    }
    ocrPages = scanned.length;
    lines = pages.flatMap((p) => read.get(p.number) ?? linesOf(p));
  } else if (format === 'image') {
    const size = await imageSize(bytes);
    // a photo or a low-resolution scan is enlarged to about a 400 dpi page first (decimal points survive)
    const factor = Math.min(3, Math.max(1, OCR_WIDTH / size.width));
    // turned upright first (a photo tilted a few degrees, sideways or upside down); boxes in the photo's pixels
    pages = [{ number: 1, width: size.width, height: size.height, items: [] }];
    lines = (await readPicture(bytes, 1, factor > 1.2 ? factor : 1, 1)).lines;
    ocrPages = 1;
  } else if (format === 'xml') {
    return { kind: 'ngs', pages: 1, ocrPages: 0, findings: asFindings(foundationXmlFindings(bytes), 'f') };
  } else if (format === 'text') {
    lines = textLines(bytes);
    pages = [{ number: 1, width: 0, height: 0, items: [] }];
  } else if (format === 'csv') {
    lines = csvLines(bytes);
    pages = [{ number: 1, width: 0, height: 0, items: [] }];
  } else throw new ReportReadError('format_unsupported');
  if (ocrPages && !lines.some((l) => /[A-Za-z]{3,}/.test(l.text))) throw new ReportReadError('no_text_found');
  const molecular = ngsFindings(lines);
  const labs = labFindings(lines);
  const isNgs = molecular.length > 0 || lines.some((l) => /\b(?:next[- ]generation sequencing|NGS|variant allele|tumou?r mutational burden|genomic (?:findings|alterations))\b/i.test(l.text));
  const kind: DocumentKind = isNgs ? 'ngs' : labs.length ? 'lab' : 'other';
  return { kind, pages: pages.length, ocrPages, findings: asFindings([...molecular, ...labs], 'f') };
}

/** A text PDF's findings (the shared NGS reports' path; kept for the tests and bench that read PDFs). */
export function extractPdf(bytes: Uint8Array): Promise<Extraction> {
  return extractDocument('report.pdf', bytes);
}
