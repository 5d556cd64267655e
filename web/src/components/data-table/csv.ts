/**
 * A table as CSV (RFC 4180): a header row, then one line per row; a cell holding a comma, a quote or
 * a line break is quoted with its quotes doubled; CRLF line ends, so spreadsheet programs on every
 * platform read it. Written here rather than with csv-stringify: its Node build needs `Buffer`
 * (absent in the browser) and its browser build is an 80 KB bundle with a Buffer polyfill.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Offers `text` as a download named `fileName` (a CSV export of what a table shows). */
export function downloadCsv(fileName: string, text: string): void {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
