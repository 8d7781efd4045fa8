/**
 * One CSV cell, safe to open in a spreadsheet: quoted when it holds a comma, quote or line break, and
 * prefixed with ' when it starts like a formula (CSV injection). Server exports and browser downloads
 * both write through it.
 */
export function csvCell(value: unknown): string {
  let s = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows as CSV text (CRLF line ends, as spreadsheets expect). */
export function csvText(rows: unknown[][]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
