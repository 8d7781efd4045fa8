/** Minimal RFC 4180 CSV reader (quoted fields, doubled quotes, newlines inside quotes). */
export function parseCsv(content: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let q = false;
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    if (q) {
      if (c === '"') {
        if (content[i + 1] === '"') {
          field += '"';
          i++;
        } else q = false;
      } else field += c;
      continue;
    }
    if (c === '"') q = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && content[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (q) throw new Error('unterminated quoted field');
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
