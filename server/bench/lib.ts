/** Shared helpers for benches: timing, table printing, BM25, NDCG. */

export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? (Number.isInteger(c) ? String(c) : c.toFixed(3)) : c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: Array<string | number>) => '| ' + r.map((c, i) => String(c ?? '').padEnd(widths[i])).join(' | ') + ' |';
  return [line(cells[0]), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}

export function tokenize(s: string): string[] {
  return s.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t.length > 1 && !STOP.has(t));
}
const STOP = new Set('the of and or in to with for a an on at by is are be as from that this which who have has had not no may will must patients patient study trial years year'.split(' '));

export class Bm25 {
  private df = new Map<string, number>();
  private docs = new Map<string, { tf: Map<string, number>; len: number }>();
  private avg = 0;
  constructor(docs: Map<string, string>, private k1 = 1.2, private b = 0.75) {
    let total = 0;
    for (const [id, text] of docs) {
      const toks = tokenize(text);
      const tf = new Map<string, number>();
      for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      this.docs.set(id, { tf, len: toks.length });
      total += toks.length;
    }
    this.avg = total / Math.max(1, docs.size);
  }
  score(id: string, query: string): number {
    const d = this.docs.get(id);
    if (!d) return 0;
    const N = this.docs.size;
    let s = 0;
    for (const q of new Set(tokenize(query))) {
      const f = d.tf.get(q);
      if (!f) continue;
      const n = this.df.get(q) ?? 0;
      const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
      s += (idf * (f * (this.k1 + 1))) / (f + this.k1 * (1 - this.b + (this.b * d.len) / this.avg));
    }
    return s;
  }
}

/** NDCG@k with linear gains (trec_eval convention) and P@k (relevant = grade >= 1). */
export function ndcgAt(ranked: string[], grades: Map<string, number>, k = 10): number {
  const dcg = ranked.slice(0, k).reduce((s, id, i) => s + (grades.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...grades.values()].sort((a, b) => b - a).slice(0, k).reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

export function precisionAt(ranked: string[], grades: Map<string, number>, k = 10): number {
  return ranked.slice(0, k).filter((id) => (grades.get(id) ?? 0) >= 1).length / k;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}
