import type { DocumentFinding } from '@oncodesk/shared/contracts';
import type { Line } from '../layout';

/** A finding as a reader drafts it: what was read and the line(s) it was read from. */
export type Draft = Omit<DocumentFinding, 'id' | 'status' | 'source'> & { line: Line; extra?: Line[] };

/** Drafts as findings with ids, status and provenance (the line, with its continuation, and its box). */
export function asFindings(drafts: Draft[], idPrefix: string): DocumentFinding[] {
  return drafts.map(({ line, extra = [], ...f }, i) => {
    // a line read from a turned photo is shown where it is on the photo
    const all = [line, ...extra].map((l) => ({ ...l, box: l.view ?? l.box }));
    const x = Math.min(...all.map((l) => l.box.x));
    const y = Math.min(...all.map((l) => l.box.y));
    const right = Math.max(...all.map((l) => l.box.x + l.box.width));
    const bottom = Math.max(...all.map((l) => l.box.y + l.box.height));
    const clean = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Omit<Draft, 'line' | 'extra'>;
    const text = all.map((l) => l.text).join(' ').slice(0, 2000);
    return { id: `${idPrefix}${i + 1}`, ...clean, status: 'proposed' as const, source: { page: line.page, text, ...(line.boxless ? {} : { box: { x, y, width: right - x, height: bottom - y } }) } };
  });
}
