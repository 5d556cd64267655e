import type { RowData } from '@tanstack/react-table';
import type { CsvValue } from '@shared/common/csv';

declare module '@tanstack/react-table' {
  // The generics must match the library's declaration.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Numbers and money line up on the right. */
    numeric?: boolean;
    /**
     * Kept in view at the table's end edge while the other columns scroll (decision 40: row actions
     * stay visible at 1280 px). A column with the id `actions` is sticky unless this says false;
     * false also frees the first column, which otherwise stays at the start edge.
     */
    sticky?: boolean;
    /** The cells may wrap (tags, lists of names); others stay on one line. */
    wrap?: boolean;
    /** The cells' least width (a progress bar needs room). */
    minW?: string;
    /**
     * The column in CSV exports: its own header and value (plain figures a spreadsheet sums rather
     * than the formatted text on screen), or false to leave it out. Without it the column's header
     * and accessor value are written.
     */
    csv?: false | { header?: string; value: (row: TData) => CsvValue | null | undefined };
    /** Written in CSV exports only, never shown (the export's extra fields). */
    csvOnly?: boolean;
  }
}

export {};
