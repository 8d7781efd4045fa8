/** RFC 4180 CSV reader (quoted fields, doubled quotes, newlines inside quotes); slices, no per-char concatenation. */
export function parseCsv(content: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = content.length;
  while (i < n) {
    let field: string;
    if (content[i] === '"') {
      let j = i + 1;
      const parts: string[] = [];
      let start = j;
      for (;;) {
        const q = content.indexOf('"', j);
        if (q < 0) throw new Error('unterminated quoted field');
        if (content[q + 1] === '"') {
          parts.push(content.slice(start, q + 1));
          j = q + 2;
          start = j;
          continue;
        }
        parts.push(content.slice(start, q));
        i = q + 1;
        break;
      }
      field = parts.length === 1 ? parts[0] : parts.join('');
    } else {
      let j = i;
      while (j < n && content[j] !== ',' && content[j] !== '\n' && content[j] !== '\r') j++;
      field = content.slice(i, j);
      i = j;
    }
    row.push(field);
    if (i >= n) break;
    const c = content[i];
    if (c === ',') {
      i++;
      if (i >= n) row.push('');
      continue;
    }
    if (c !== '\n' && c !== '\r') throw new Error(`malformed field near offset ${i}`);
    if (c === '\r' && content[i + 1] === '\n') i++;
    i++;
    rows.push(row);
    row = [];
  }
  if (row.length) rows.push(row);
  return rows;
}
