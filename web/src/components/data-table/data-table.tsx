import { Icon, Table, Text, chakra } from '@chakra-ui/react';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type Updater,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { useUrlSorting } from '@/lib/url-state';

declare module '@tanstack/react-table' {
  // The generics must match the library's declaration.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Numbers and money line up on the right. */
    numeric?: boolean;
    /**
     * Kept in view at the table's end edge while the other columns scroll (decision 40: row actions
     * stay visible at 1280 px). A column with the id `actions` is sticky unless this says false.
     */
    sticky?: boolean;
    /** The cells may wrap (tags, lists of names); others stay on one line. */
    wrap?: boolean;
  }
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  data: Row[];
  /** Every column needs an `id` (or `accessorKey`): it names the column in the URL. */
  columns: ColumnDef<Row>[];
  getRowId: (row: Row) => string;
  /** The search parameter holding the sort (`sort` unless two tables share a page). */
  sortParam?: string;
  onRowDoubleClick?: (row: Row) => void;
  /**
   * With a page size, the table shows one page of its sorted rows: `page` is 1-based (the caller
   * keeps it, in the URL, and shows the pager).
   */
  page?: number;
  pageSize?: number;
  /** Search parameters removed when the sort changes (the page, so a new sort starts on page 1). */
  resetOnSort?: readonly string[];
  /** Rendered above the table with every row in the table's order (all pages): CSV export. */
  toolbar?: (sortedRows: Row[]) => ReactNode;
}

const SortButton = chakra('button');

/**
 * The word of a row action's button: shown on wide screens, hidden below 1536 px where the icon
 * alone keeps the actions column narrow (the button's aria-label and title still name the action).
 */
export function ActionText({ children }: { children: ReactNode }) {
  return (
    <Text as="span" hideBelow="2xl">
      {children}
    </Text>
  );
}

/** Whether a column stays in view at the end edge (decision 40). */
export function isStickyColumn(column: { id: string; columnDef: { meta?: { sticky?: boolean } } }) {
  return column.columnDef.meta?.sticky ?? column.id === 'actions';
}

/**
 * The sticky column's cells: pinned to the end edge over the scrolled columns, on the row's own
 * background (so hover and highlight show through), with a rule marking the edge.
 */
const STICKY_CELL = {
  position: 'sticky',
  insetInlineEnd: 0,
  zIndex: 1,
  bg: 'inherit',
  borderInlineStartWidth: '1px',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)',
} as const;

/**
 * The app's table (DESIGN §7): TanStack Table with sorting in the URL. A click on a header sorts by
 * that column; Shift+click adds it to the sort, with no limit on the number of columns (spec 001
 * §2.1). Wide tables scroll inside their frame (UI.md, 390 px); the row actions stay pinned to
 * the end edge while they do (decision 40), and long headers wrap at spaces so columns stay narrow.
 */
export function DataTable<Row>({
  label,
  data,
  columns,
  getRowId,
  sortParam = 'sort',
  onRowDoubleClick,
  page = 1,
  pageSize,
  resetOnSort,
  toolbar,
}: DataTableProps<Row>) {
  const columnIds = useMemo(
    () =>
      columns.map(
        (column) => column.id ?? ('accessorKey' in column ? String(column.accessorKey) : ''),
      ),
    [columns],
  );
  const [sorting, setSorting] = useUrlSorting(sortParam, columnIds, resetOnSort);
  // TanStack Table's instance is not memoizable; the React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    getRowId: (row) => getRowId(row),
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) =>
      setSorting(typeof updater === 'function' ? updater(sorting) : updater),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    enableMultiSort: true,
    maxMultiSortColCount: Number.POSITIVE_INFINITY,
    isMultiSortEvent: (event) => (event as { shiftKey?: boolean }).shiftKey === true,
    sortDescFirst: false,
  });
  const multi = sorting.length > 1;
  const sortedRows = table.getRowModel().rows;
  const shownRows =
    pageSize === undefined ? sortedRows : sortedRows.slice((page - 1) * pageSize, page * pageSize);

  const frame = (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" interactive aria-label={label}>
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => {
                const column = header.column;
                const direction = column.getIsSorted();
                const numeric = column.columnDef.meta?.numeric === true;
                const title = flexRender(column.columnDef.header, header.getContext());
                const sticky = isStickyColumn(column);
                return (
                  <Table.ColumnHeader
                    key={header.id}
                    textAlign={numeric ? 'end' : undefined}
                    // Headers wrap between words (Registration / Fee): the figures set the width.
                    verticalAlign="bottom"
                    whiteSpace="normal"
                    data-sticky={sticky ? 'end' : undefined}
                    {...(sticky && { ...STICKY_CELL, zIndex: 2 })}
                    aria-sort={
                      direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : undefined
                    }
                  >
                    {column.getCanSort() ? (
                      <SortButton
                        type="button"
                        display="inline-flex"
                        alignItems="center"
                        gap="0.5"
                        textAlign="inherit"
                        fontWeight="inherit"
                        cursor="pointer"
                        title="Sort (Shift+click to sort by several columns)"
                        onClick={column.getToggleSortingHandler()}
                      >
                        {title}
                        <Icon
                          as={
                            direction === 'asc'
                              ? LuArrowUp
                              : direction === 'desc'
                                ? LuArrowDown
                                : LuArrowUpDown
                          }
                          boxSize="3"
                          color={direction ? 'fg' : 'fg.subtle'}
                          aria-hidden
                        />
                        {multi && direction && (
                          <Text as="span" fontSize="2xs" color="fg.muted" aria-hidden>
                            {column.getSortIndex() + 1}
                          </Text>
                        )}
                      </SortButton>
                    ) : (
                      title
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {shownRows.map((row) => (
            <Table.Row
              key={row.id}
              onDoubleClick={onRowDoubleClick ? () => onRowDoubleClick(row.original) : undefined}
              cursor={onRowDoubleClick ? 'pointer' : undefined}
            >
              {row.getVisibleCells().map((cell) => (
                <Table.Cell
                  key={cell.id}
                  textAlign={cell.column.columnDef.meta?.numeric ? 'end' : undefined}
                  whiteSpace={cell.column.columnDef.meta?.wrap ? 'normal' : 'nowrap'}
                  data-sticky={isStickyColumn(cell.column) ? 'end' : undefined}
                  {...(isStickyColumn(cell.column) && STICKY_CELL)}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
  if (toolbar === undefined) return frame;
  return (
    <>
      {toolbar(sortedRows.map((row) => row.original))}
      {frame}
    </>
  );
}
