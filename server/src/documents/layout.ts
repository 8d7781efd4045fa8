import type { PdfPage, TextItem } from './pdfText';

/** A line of a page: its pieces left to right, its text and its box. */
export interface Line {
  page: number;
  items: TextItem[];
  text: string;
  box: { x: number; y: number; width: number; height: number };
  /** Where the line shows on the page as stored, when it was read from a picture turned upright (orient.ts): `box` is upright. */
  view?: { x: number; y: number; width: number; height: number };
  /** A row of a CSV file: no page to point at. */
  boxless?: true;
}

/**
 * Lines of a page: pieces whose vertical middles lie within half a line height of each other, sorted
 * left to right. Columns stay separate items, so a table row keeps its cells and their x positions.
 */
export function linesOf(page: PdfPage): Line[] {
  const items = [...page.items].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextItem[][] = [];
  for (const it of items) {
    const mid = it.y + it.height / 2;
    const line = lines.find((l) => Math.abs(l[0].y + l[0].height / 2 - mid) <= Math.max(2, Math.min(l[0].height, it.height) / 2));
    if (line) line.push(it);
    else lines.push([it]);
  }
  return lines
    .map((l) => l.sort((a, b) => a.x - b.x))
    .sort((a, b) => a[0].y - b[0].y)
    .map((l) => {
      const x = Math.min(...l.map((i) => i.x));
      const y = Math.min(...l.map((i) => i.y));
      const right = Math.max(...l.map((i) => i.x + i.width));
      const bottom = Math.max(...l.map((i) => i.y + i.height));
      return { page: page.number, items: l, text: l.map((i) => i.str.trim()).join(' '), box: { x, y, width: right - x, height: bottom - y } };
    });
}
