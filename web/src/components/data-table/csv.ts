/** CSV is written by the shared, formula-neutralising writer (shared/common/csv.ts). */
export { toCsv } from '@shared/common/csv';

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
