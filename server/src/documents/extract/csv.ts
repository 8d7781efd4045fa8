import { parse } from 'csv-parse/sync';
import { ANALYTES } from '../../trials/compiler/lab';
import type { Line } from '../layout';
import { ReportReadError } from '../readError';

/**
 * Rows of a CSV export (a laboratory system's or a sequencing portal's) as lines the readers take: a row
 * is its cells joined, so "Hemoglobin,11.2,g/dL,L,13.5-17.5" reads as a laboratory line. A wide export
 * (a header of analyte names, one row per date) is turned around: each analyte of the latest row becomes
 * a line "Hemoglobin 11.2 g/dL". Parsing is csv-parse's (quotes, separators, BOMs).
 *
 * A laboratory export is kilobytes: a file over the byte cap, or with more rows than the row cap, is
 * refused (`csv_too_large`) rather than read in part or turned into hundreds of thousands of findings.
 * The parser stops at the row cap (csv-parse's `to`), and runs in the reading's child process
 * (readingProcess.ts), never on the server's event loop.
 */
export const CSV_MAX_BYTES = 4 * 1024 * 1024;
export const CSV_MAX_ROWS = 5000;
export function csvLines(bytes: Uint8Array): Line[] {
  if (bytes.length > CSV_MAX_BYTES) throw new ReportReadError('csv_too_large');
  let rows: string[][];
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // the separator a European export uses when the decimal mark is a comma
    const first = text.split(/\r?\n/, 1)[0];
    const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : first.includes('\t') && !first.includes(',') ? '\t' : ',';
    rows = parse(text, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, to: CSV_MAX_ROWS + 1 }) as string[][];
  } catch {
    throw new ReportReadError('csv_unreadable');
  }
  if (!rows.length) throw new ReportReadError('csv_unreadable');
  if (rows.length > CSV_MAX_ROWS) throw new ReportReadError('csv_too_large');
  const header = rows[0];
  const analyteColumns = header.filter((h) => ANALYTES.some(([re]) => re.test(h))).length;
  const asLine = (cells: string[], n: number): Line => ({
    page: 1,
    items: cells.map((c, i) => ({ str: c, x: i * 100, y: n * 12, width: 90, height: 10 })),
    text: cells.filter(Boolean).join(' '),
    box: { x: 0, y: n * 12, width: cells.length * 100, height: 10 },
    boxless: true,
  });
  if (analyteColumns >= 2 && rows.length >= 2) {
    const latest = rows[rows.length - 1];
    // "Hemoglobin (g/dL)": the unit in the header goes after the value, where a result row has it
    const cells = (h: string, v: string) => {
      const m = /^(.*?)\s*[([]\s*([^)\]]+?)\s*[)\]]\s*$/.exec(h);
      return m ? [m[1], v, m[2]] : [h, v];
    };
    return header.map((h, i) => asLine(cells(h, latest[i] ?? ''), i)).filter((l) => l.items[1].str !== '');
  }
  return rows.map(asLine);
}
