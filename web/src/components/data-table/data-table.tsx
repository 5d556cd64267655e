import { HStack, Table, Text, chakra } from '@chakra-ui/react';
import {
  getCoreRowModel,
  getExpandedRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, Pager, clampPage } from '@/components/section/pager';
import { ColumnChooser } from './column-chooser';
import { sortableColumnIds } from './sort-rows';
import { BodyRows, ExpandButton, VirtualRows, useHighlight, type BodyOptions } from './table-body';
import { HeaderCell, stickyColumns } from './table-head';
import { urlParamName, useUrlPage, useUrlSorting } from '@/lib/url-state';

export { ActionText } from './table-head';

/** Past this many rows an unpaged table renders only the rows in view. */
export const VIRTUAL_ROWS_FROM = 300;

export interface DataTableProps<Row> {
  /** The table's accessible name (and its pager's). */
  label: string;
  data: readonly Row[];
  /** Every column needs an `id` (or `accessorKey`): it names the column in the URL. */
  columns: ColumnDef<Row>[];
  /** The row's id; `index` is its place in `data` (for rows without an id of their own). */
  getRowId: (row: Row, index: number) => string;
  /**
   * Where several tables share a screen, each one's key: its URL parameters are `<key>.page`,
   * `<key>.pageSize` and `<key>.sort` instead of `page`, `pageSize` and `sort`.
   */
  urlKey?: string;
  /**
   * The table is one group of a screen's (All Accounts): the groups share the screen's `sort` and
   * `pageSize`, and each keeps its own `<urlKey>.page`.
   */
  grouped?: boolean;
  /** The order without a sort in the URL (then left out of it); a click cannot clear it. */
  defaultSorting?: SortingState;
  /** The rows come sorted by the server, which reads the same URL sort: the table only shows it. */
  manualSorting?: boolean;
  /** Shift+click sorts by several columns (the default, spec 001 §2.1). */
  multiSort?: boolean;
  /**
   * False for the small tables of a detail view or a dialog, shown in their given order: no sort
   * buttons, and the URL's `sort` (another table's) is neither read nor written.
   */
  sortable?: boolean;
  /**
   * A small table inside a card or a dialog: no frame of its own, and not sortable unless
   * `sortable` says so.
   */
  compact?: boolean;
  /** The frame's greatest height: longer tables scroll inside it under a sticky header. */
  maxH?: string;
  /**
   * Pages of 10 rows (spec 000 §9) or `pageSize`, in the URL with a pager below; `pageSizes` offers
   * a choice of 10, 25, 50 or 100; `always` shows the pager when all rows fit on one page. With
   * `rowCount` the server pages: `data` is the page the URL names (read it with `useUrlPage`).
   */
  paging?:
    boolean | { pageSizes?: boolean; always?: boolean; pageSize?: number; rowCount?: number };
  /** A row to mark, scroll to and, without a page in the URL, open the page of. */
  highlightedRowId?: string;
  /** A chevron column that shows these details below the row. */
  renderExpanded?: (row: Row) => ReactNode;
  /** Heading rows between the rows' groups (in the order they first appear). */
  groupBy?: (row: Row) => string;
  groupTitle?: (group: string, rows: number) => ReactNode;
  /** A "Columns" button that shows and hides columns. */
  columnChooser?: boolean;
  rowProps?: BodyOptions<Row>['rowProps'];
  onRowDoubleClick?: (row: Row) => void;
  /** Rendered above the table with every row in the table's order (all pages): CSV export. */
  toolbar?: (sortedRows: Row[]) => ReactNode;
  /** Said instead of the table when there are no rows ('No rules in this phase.'). */
  empty?: ReactNode;
}

const columnIdOf = <Row,>(column: ColumnDef<Row>) =>
  column.id ?? ('accessorKey' in column ? String(column.accessorKey) : '');

/**
 * The app's table (DESIGN §7): TanStack Table with sort and page in the URL. A click on a header
 * sorts by that column; Shift+click adds it to the sort, with no limit on the number of columns (spec
 * 001 §2.1). Wide tables scroll inside their frame (UI.md, 390 px) with the first column and the row
 * actions pinned (decision 40); long headers wrap at spaces so columns stay narrow.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, data, getRowId, urlKey, paging, highlightedRowId, renderExpanded, toolbar } =
    props;
  const columns = useMemo(() => {
    if (!renderExpanded) return props.columns;
    const expander: ColumnDef<Row> = {
      id: 'expand',
      header: () => <chakra.span srOnly>Details</chakra.span>,
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => <ExpandButton row={row} />,
    };
    return [expander, ...props.columns];
  }, [props.columns, renderExpanded]);
  const sortable = props.sortable ?? !props.compact;
  const columnIds = useMemo(
    () => (sortable ? sortableColumnIds(columns) : []),
    [columns, sortable],
  );
  const sortParam = urlParamName('sort', props.grouped ? undefined : urlKey);
  const [sorting, setSorting] = useUrlSorting(sortParam, columnIds, props.defaultSorting);
  const [visibility, setVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries(
      props.columns.filter((c) => c.meta?.csvOnly).map((c) => [columnIdOf(c), false]),
    ),
  );
  const multiSort = props.multiSort ?? !props.manualSorting;
  // TanStack Table's instance is not memoizable; the React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data as Row[],
    columns,
    getRowId: (row, index) => getRowId(row, index),
    state: { sorting, columnVisibility: visibility },
    onSortingChange: (updater: Updater<SortingState>) =>
      setSorting(typeof updater === 'function' ? updater(sorting) : updater),
    onColumnVisibilityChange: setVisibility,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getRowCanExpand: () => renderExpanded !== undefined,
    manualSorting: props.manualSorting,
    enableSorting: sortable,
    enableSortingRemoval: props.defaultSorting === undefined,
    enableMultiSort: multiSort,
    maxMultiSortColCount: Number.POSITIVE_INFINITY,
    isMultiSortEvent: (event) => (event as { shiftKey?: boolean }).shiftKey === true,
    sortDescFirst: false,
  });
  const pinned = stickyColumns(table.getVisibleLeafColumns());

  const sortedRows = table.getRowModel().rows;
  const pagingOptions = typeof paging === 'object' ? paging : {};
  const pages = useUrlPage(urlKey, {
    sharedSize: props.grouped,
    defaultPageSize: pagingOptions.pageSize,
  });
  const total = pagingOptions.rowCount ?? sortedRows.length;
  const pageSize = paging ? pages.pageSize : total;
  const highlightedIndex = sortedRows.findIndex((row) => row.id === highlightedRowId);
  const page =
    !pages.fromUrl && highlightedIndex >= 0
      ? Math.floor(highlightedIndex / pageSize) + 1
      : clampPage(pages.page, total, pageSize);
  const shownRows =
    paging && pagingOptions.rowCount === undefined
      ? sortedRows.slice((page - 1) * pageSize, page * pageSize)
      : sortedRows;
  const virtual = !paging && !props.groupBy && sortedRows.length >= VIRTUAL_ROWS_FROM;
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  const highlight = useHighlight(highlightedRowId);
  const options: BodyOptions<Row> = {
    pinned,
    renderExpanded,
    groupBy: props.groupBy,
    groupTitle: props.groupTitle,
    onRowDoubleClick: props.onRowDoubleClick,
    rowProps: (row, id) => ({ ...props.rowProps?.(row, id), ...highlight(id) }),
  };
  // A list longer than the first page size pages (and offers its sizes); a short one only when asked.
  const showPager = paging && (total > DEFAULT_PAGE_SIZE || pagingOptions.always === true);

  if (props.empty !== undefined && data.length === 0) {
    return <Text color="fg.muted">{props.empty}</Text>;
  }
  return (
    <>
      {toolbar?.(sortedRows.map((row) => row.original))}
      {props.columnChooser && (
        <HStack justify="flex-end" mb="2">
          <ColumnChooser table={table} label={label} pinned={pinned} />
        </HStack>
      )}
      <Table.ScrollArea
        ref={setScrollElement}
        borderWidth={props.compact ? undefined : '1px'}
        rounded="md"
        maxH={props.maxH ?? (virtual ? '70vh' : undefined)}
        // Without sort buttons nothing inside may take focus: the frame does, so a keyboard can
        // scroll it (axe scrollable-region-focusable).
        tabIndex={columnIds.length === 0 ? 0 : undefined}
      >
        <Table.Root
          size="sm"
          interactive
          aria-label={label}
          stickyHeader={virtual || props.maxH !== undefined}
        >
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell
                    key={header.id}
                    header={header}
                    multi={multiSort}
                    sticky={pinned.get(header.column.id)}
                  />
                ))}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {virtual ? (
              <VirtualRows table={table} scrollElement={scrollElement} options={options} />
            ) : (
              <BodyRows
                rows={shownRows}
                columns={table.getVisibleLeafColumns().length}
                options={options}
              />
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {showPager && (
        <Pager
          label={label}
          page={page}
          rows={total}
          pageSize={pageSize}
          onPageChange={pages.setPage}
          onPageSizeChange={pagingOptions.pageSizes ? pages.setPageSize : undefined}
        />
      )}
    </>
  );
}
