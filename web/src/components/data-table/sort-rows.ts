import {
  createTable,
  getCoreRowModel,
  getSortedRowModel,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';

/**
 * `rows` in the order a {@link DataTable} with these columns and this sorting shows them, for an
 * export that spans several tables (a grouped screen's CSV in the groups' order).
 */
export function sortRows<Row>(
  columns: ColumnDef<Row>[],
  rows: readonly Row[],
  sorting: SortingState,
): Row[] {
  const table = createTable<Row>({
    data: rows as Row[],
    columns,
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  table.setOptions((options) => ({ ...options, state: { ...table.initialState, sorting } }));
  return table.getSortedRowModel().rows.map((row) => row.original);
}

/** The ids a sort in the URL may name: the columns that sort (an accessor, sorting not turned off). */
export function sortableColumnIds<Row>(columns: readonly ColumnDef<Row>[]): string[] {
  return columns
    .filter(
      (column) =>
        column.enableSorting !== false && ('accessorFn' in column || 'accessorKey' in column),
    )
    .map((column) => column.id ?? ('accessorKey' in column ? String(column.accessorKey) : ''));
}
