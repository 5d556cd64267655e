import type { ColumnDef } from '@tanstack/react-table';
import { toCsv, type CsvValue } from '@shared/common/csv';

/** CSV is written by the shared, formula-neutralising writer (shared/common/csv.ts). */
export { toCsv };

/**
 * Excel on Windows reads a file without a byte order mark in the system's code page, so "✓" or
 * "–" arrive garbled; with the UTF-8 BOM every spreadsheet program reads the text as written.
 */
export const UTF8_BOM = '\uFEFF';

/** Offers `text` as a download named `fileName` (a CSV export), marked as UTF-8. */
export function downloadCsv(fileName: string, text: string): void {
  const blob = new Blob([UTF8_BOM, text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The columns that hold no data: the row's controls. */
const CONTROL_COLUMNS = new Set(['actions', 'expand']);

function columnId<Row>(column: ColumnDef<Row>): string {
  return column.id ?? ('accessorKey' in column ? String(column.accessorKey) : '');
}

/** A column's value in a row: its `meta.csv.value`, else its accessor's value, else empty. */
function csvValueOf<Row>(column: ColumnDef<Row>, row: Row, index: number): CsvValue {
  const own = column.meta?.csv;
  let value: unknown;
  if (own) value = own.value(row);
  else if ('accessorFn' in column && column.accessorFn) value = column.accessorFn(row, index);
  else if ('accessorKey' in column)
    value = (row as Record<string, unknown>)[String(column.accessorKey)];
  if (value === undefined || value === null) return '';
  return typeof value === 'number' ? value : String(value);
}

/**
 * A table's rows as CSV, from the same column definitions as the table: each column's header (or
 * `meta.csv.header`) and value (or `meta.csv.value`), in the columns' order; columns marked
 * `meta.csv: false` and the row controls are left out, and `meta.csvOnly` columns (the export's
 * extra fields) are written though the table never shows them.
 */
export function tableCsv<Row>(columns: readonly ColumnDef<Row>[], rows: readonly Row[]): string {
  const exported = columns.filter(
    (column) => column.meta?.csv !== false && !CONTROL_COLUMNS.has(columnId(column)),
  );
  const header = exported.map((column) => {
    const own = column.meta?.csv;
    if (own && own.header !== undefined) return own.header;
    return typeof column.header === 'string' ? column.header : columnId(column);
  });
  return toCsv(
    header,
    rows.map((row, index) => exported.map((column) => csvValueOf(column, row, index))),
  );
}
