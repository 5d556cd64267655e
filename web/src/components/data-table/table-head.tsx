import { Icon, Table, Text, chakra } from '@chakra-ui/react';
import { flexRender, type Column, type Header } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import './column-meta';

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

/** The width of the expander column, which the sticky first column sits beside. */
export const EXPANDER_WIDTH = '10';

export interface Sticky {
  edge: 'start' | 'end';
  /** How far from the start edge (beside the expander column). */
  offset?: string;
}

/**
 * Which columns stay in view while the others scroll: the row actions at the end edge (decision
 * 40), the first data column (what names the row) and the expander before it at the start edge.
 * `meta.sticky` true pins a column to the end edge; false frees it.
 */
export function stickyColumns<Row>(columns: readonly Column<Row>[]): Map<string, Sticky> {
  const pinned = new Map<string, Sticky>();
  const expander = columns[0]?.id === 'expand';
  if (expander) pinned.set('expand', { edge: 'start' });
  const first = columns[expander ? 1 : 0];
  if (first && first.id !== 'actions' && first.columnDef.meta?.sticky !== false) {
    pinned.set(first.id, { edge: 'start', offset: expander ? EXPANDER_WIDTH : undefined });
  }
  for (const column of columns) {
    const own = column.columnDef.meta?.sticky;
    if (own === true || (column.id === 'actions' && own !== false)) {
      pinned.set(column.id, { edge: 'end' });
    }
  }
  return pinned;
}

/**
 * The sticky cells' style: pinned over the scrolled columns, on the row's own background (so hover
 * and highlight show through), with a shadow marking the edge.
 */
export function stickyStyle(sticky: Sticky | undefined) {
  if (sticky === undefined) return {};
  return sticky.edge === 'end'
    ? {
        position: 'sticky',
        insetInlineEnd: 0,
        zIndex: 1,
        bg: 'inherit',
        borderInlineStartWidth: '1px',
        boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)',
      }
    : {
        position: 'sticky',
        insetInlineStart: sticky.offset ?? 0,
        zIndex: 1,
        bg: 'inherit',
      };
}

/** One header cell: a sort button on sortable columns, `aria-sort` on the sorted ones. */
export function HeaderCell<Row>({
  header,
  multi,
  sticky,
}: {
  header: Header<Row, unknown>;
  /** Shift+click adds a column to the sort. */
  multi: boolean;
  sticky: Sticky | undefined;
}) {
  const column = header.column;
  const direction = column.getIsSorted();
  const title = flexRender(column.columnDef.header, header.getContext());
  // With several sort columns, each sorted header shows its place in the order.
  const place = header.getContext().table.getState().sorting.length > 1 && direction;
  return (
    <Table.ColumnHeader
      textAlign={column.columnDef.meta?.numeric ? 'end' : undefined}
      // Headers wrap between words (Registration / Fee): the figures set the width.
      verticalAlign="bottom"
      whiteSpace="normal"
      data-sticky={sticky?.edge}
      {...stickyStyle(sticky)}
      {...(sticky && { zIndex: 2 })}
      aria-sort={
        direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
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
          title={multi ? 'Sort (Shift+click to sort by several columns)' : undefined}
          onClick={column.getToggleSortingHandler()}
        >
          {title}
          <Icon
            as={
              direction === 'asc' ? LuArrowUp : direction === 'desc' ? LuArrowDown : LuArrowUpDown
            }
            boxSize="3"
            color={direction ? 'fg' : 'fg.subtle'}
            aria-hidden
          />
          {place && (
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
}
