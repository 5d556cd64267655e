import { Box, IconButton, Table, type TableRowProps } from '@chakra-ui/react';
import {
  flexRender,
  type Row as TableRow,
  type Table as TableInstance,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useRef, type ReactNode } from 'react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';
import { EXPANDER_WIDTH, stickyStyle, type Sticky } from './table-head';

type RowProps = TableRowProps & { ref?: (element: HTMLTableRowElement | null) => void };

/** The props that mark the highlighted row and scroll it into view, once, not at every render. */
export function useHighlight(id: string | undefined) {
  const scrolledTo = useRef<string | undefined>(undefined);
  return (rowId: string): RowProps | undefined => {
    if (id === undefined || rowId !== id) return undefined;
    return {
      'aria-current': 'true',
      bg: 'yellow.subtle',
      ref: (element) => {
        if (element === null || scrolledTo.current === id) return;
        scrolledTo.current = id;
        element.scrollIntoView?.({ block: 'center' });
      },
    };
  };
}

export interface BodyOptions<Row> {
  pinned: Map<string, Sticky>;
  renderExpanded?: (row: Row) => ReactNode;
  groupBy?: (row: Row) => string;
  groupTitle?: (group: string, rows: number) => ReactNode;
  /** The row's own props; `id` is the row's id (from `getRowId`). */
  rowProps?: (row: Row, id: string) => RowProps;
  onRowDoubleClick?: (row: Row) => void;
}

/** The expander column's cell: a chevron that shows and hides the row's details. */
export function ExpandButton<Row>({ row }: { row: TableRow<Row> }) {
  const open = row.getIsExpanded();
  return (
    <IconButton
      size="2xs"
      variant="ghost"
      aria-expanded={open}
      aria-label={open ? 'Hide details' : 'Show details'}
      onClick={row.getToggleExpandedHandler()}
    >
      {open ? <LuChevronDown /> : <LuChevronRight />}
    </IconButton>
  );
}

/** One row of cells, then its details when expanded. */
function BodyRow<Row>({ row, options }: { row: TableRow<Row>; options: BodyOptions<Row> }) {
  const { pinned, renderExpanded, rowProps, onRowDoubleClick } = options;
  const cells = row.getVisibleCells();
  return (
    <>
      <Table.Row
        onDoubleClick={onRowDoubleClick ? () => onRowDoubleClick(row.original) : undefined}
        cursor={onRowDoubleClick ? 'pointer' : undefined}
        {...rowProps?.(row.original, row.id)}
      >
        {cells.map((cell) => {
          const meta = cell.column.columnDef.meta;
          const sticky = pinned.get(cell.column.id);
          return (
            <Table.Cell
              key={cell.id}
              textAlign={meta?.numeric ? 'end' : undefined}
              whiteSpace={meta?.wrap ? 'normal' : 'nowrap'}
              minW={cell.column.id === 'expand' ? EXPANDER_WIDTH : meta?.minW}
              width={cell.column.id === 'expand' ? EXPANDER_WIDTH : undefined}
              data-sticky={sticky?.edge}
              {...stickyStyle(sticky)}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </Table.Cell>
          );
        })}
      </Table.Row>
      {renderExpanded && row.getIsExpanded() && (
        <Table.Row bg="bg.subtle">
          <Table.Cell colSpan={cells.length}>
            {/* The details stay at the start edge while the row's cells scroll. */}
            <Box position="sticky" insetInlineStart="0" maxW="2xl">
              {renderExpanded(row.original)}
            </Box>
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}

/** The rows, with a heading row before each group's first row when the table groups its rows. */
export function BodyRows<Row>({
  rows,
  columns,
  options,
}: {
  rows: readonly TableRow<Row>[];
  columns: number;
  options: BodyOptions<Row>;
}) {
  const { groupBy, groupTitle } = options;
  if (groupBy === undefined) {
    return rows.map((row) => <BodyRow key={row.id} row={row} options={options} />);
  }
  const groups = new Map<string, TableRow<Row>[]>();
  for (const row of rows) {
    const key = groupBy(row.original);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups].map(([key, groupRows]) => (
    <Fragment key={`group-${key}`}>
      <Table.Row bg="bg.muted">
        <Table.ColumnHeader colSpan={columns} scope="colgroup" fontWeight="semibold">
          {groupTitle ? groupTitle(key, groupRows.length) : key}
        </Table.ColumnHeader>
      </Table.Row>
      {groupRows.map((row) => (
        <BodyRow key={row.id} row={row} options={options} />
      ))}
    </Fragment>
  ));
}

/** A row's height before it is measured (the small table's row with a badge). */
const ESTIMATED_ROW_HEIGHT = 37;

/**
 * Long unpaged lists render only the rows in view (and a few around them) inside the scrolling
 * frame; spacer rows keep the scrollbar's length true to the whole list.
 */
export function VirtualRows<Row>({
  table,
  scrollElement,
  options,
}: {
  table: TableInstance<Row>;
  /** The frame that scrolls (state, not a ref: a child's effects run before the parent's ref is set). */
  scrollElement: HTMLDivElement | null;
  options: BodyOptions<Row>;
}) {
  const rows = table.getRowModel().rows;
  // Its instance is not memoizable either; the React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {before > 0 && <tr aria-hidden style={{ height: before }} />}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? <BodyRow key={row.id} row={row} options={options} /> : null;
      })}
      {after > 0 && <tr aria-hidden style={{ height: after }} />}
    </>
  );
}
