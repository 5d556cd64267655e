/**
 * CSV writing for every export (RFC 4180), with formula neutralisation: a spreadsheet runs
 * a cell that starts with `=`, `+`, `-` or `@` as a formula (and some strip a leading tab or carriage
 * return first), so a broker's trader id `=HYPERLINK(...)` would run on the desk of whoever opens the
 * export. Per OWASP ("CSV Injection"), such a cell is written with a leading single quote, which the
 * spreadsheet shows as text. One exception keeps the figures usable: a cell that is exactly a decimal
 * number (`-12.50`, `1e-7`) is written as it is — digits, one sign, one point and an exponent form no
 * formula, and the spreadsheet reads it as the number it is. Written here rather than with
 * csv-stringify: its Node build needs `Buffer` (absent in the browser) and its browser build is an
 * 80 KB bundle with a Buffer polyfill.
 */

/** A cell: text, or a number written as JavaScript prints it. */
export type CsvValue = string | number;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** The cell's text with a leading `'` when a spreadsheet would read it as a formula. */
export function neutralizeCsvCell(value: CsvValue): string {
  const text = String(value);
  if (!FORMULA_START.test(text) || PLAIN_NUMBER.test(text)) return text;
  return `'${text}`;
}

/** One cell as written in a line: neutralised, then quoted when it holds a comma, quote or break. */
export function csvCell(value: CsvValue): string {
  const text = neutralizeCsvCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A table as CSV: a header row, then one line per row; CRLF line ends, so spreadsheet programs on
 * every platform read it.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
