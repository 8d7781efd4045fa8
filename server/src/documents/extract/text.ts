import type { Line } from '../layout';
import { ReportReadError } from '../readError';

/** Width of a character on the made-up grid plain text is laid on (a monospace page, PDF-point-like units). */
const CHAR = 6;
const ROW = 12;

/**
 * Lines of a plain-text report (pasted from an EHR or a lab portal, saved as .txt): one line per text
 * line, cut into cells where two or more spaces or a tab separate them, each cell at its character
 * column, so table rows keep their columns and a heading stays one block. Control characters a copy
 * leaves behind (carriage returns, stray replacement characters) are dropped.
 */
/** Caps on a pasted report: real ones are a few hundred lines; past these it is refused rather than read in part. */
export const TEXT_MAX_BYTES = 2 * 1024 * 1024;
export const TEXT_MAX_LINES = 20_000;

export function textLines(bytes: Uint8Array): Line[] {
  if (bytes.length > TEXT_MAX_BYTES) throw new ReportReadError('text_too_large');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // an export from an older system: Windows-1252 (latin1 is its superset for the letters reports use)
    text = Buffer.from(bytes).toString('latin1');
  }
  if (text.includes('\u0000')) throw new ReportReadError('format_unsupported');
  const out: Line[] = [];
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (rows.length > TEXT_MAX_LINES) throw new ReportReadError('text_too_large');
  rows.forEach((raw, n) => {
      const clean = raw.replace(/\t/g, '    ').replace(/[\u0000-\u001f\u007f\uFFFD]/g, ' ');
      if (!clean.trim()) return;
      const items = [...clean.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ str: m[0], x: m.index! * CHAR, y: n * ROW, width: m[0].length * CHAR, height: ROW - 2 }));
      out.push({ page: 1, items, text: items.map((i) => i.str).join(' '), box: { x: items[0].x, y: n * ROW, width: items[items.length - 1].x + items[items.length - 1].width - items[0].x, height: ROW - 2 }, boxless: true });
  });
  return out;
}

/** Whether a .txt file is a delimited export (its first lines cut by the same separator into the same number of cells). */
export function looksDelimited(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8').split(/\r?\n/).filter((l) => l.trim()).slice(0, 5);
  if (head.length < 2) return false;
  return [';', '\t', ','].some((d) => {
    const counts = head.map((l) => l.split(d).length - 1);
    return counts[0] >= 2 && counts.every((c) => c === counts[0]);
  });
}
