/** A cell of a table taken away as CSV: text, a number, or nothing. */
export type CsvValue = string | number | null;

/**
 * What a spreadsheet reads as a formula at the start of a text cell (OWASP's CSV injection
 * list): "=", "+", "-", "@", a tab or a carriage return. Such text (a `source` from a URL is
 * free text) is written with an apostrophe before it, so that it is shown, never run.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as RFC 4180 writes it, quoted when it holds a comma, a quote or a line break; text that would run as a formula is neutralised. Numbers are written as numbers. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as a CSV file: RFC 4180 (CRLF after every row, the first row the header), UTF-8 with a byte-order mark so that a spreadsheet reads it as such. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`;
}
