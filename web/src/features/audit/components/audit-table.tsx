import { Box, Code, DataList, IconButton, Icon, Table, chakra } from '@chakra-ui/react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Fragment, useState } from 'react';
import {
  LuArrowDown,
  LuArrowUp,
  LuArrowUpDown,
  LuChevronDown,
  LuChevronRight,
} from 'react-icons/lu';
import type { AuditSortField, SortDirection } from '@shared/audit/audit-query';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { formatCount, formatDate, formatNumber, formatTime, orMissing } from '@/lib/format';

const SortButton = chakra('button');

type Column = ColumnDef<AuditTrailRecord> & {
  id: string;
  sortField?: AuditSortField;
  numeric?: boolean;
};

/** The 16 columns (decision 28): every field but `message` and `positionDisposition`. */
const columns: Column[] = [
  {
    id: 'serverProcessDate',
    header: 'Process Date',
    sortField: 'serverProcessDate',
    cell: ({ row }) => formatDate(row.original.serverProcessDate),
  },
  {
    id: 'serverTimestamp',
    header: 'Time',
    sortField: 'serverTimestamp',
    cell: ({ row }) => formatTime(row.original.serverTimestamp, 'milliseconds'),
  },
  {
    id: 'accountNumber',
    header: 'Account',
    cell: ({ row }) => <Code variant="plain">{row.original.accountNumber}</Code>,
  },
  { id: 'firmUserId', header: 'Firm User', cell: ({ row }) => orMissing(row.original.firmUserId) },
  { id: 'instrument', header: 'Instrument', cell: ({ row }) => orMissing(row.original.instrument) },
  { id: 'action', header: 'Action', cell: ({ row }) => row.original.action },
  { id: 'status', header: 'Status', cell: ({ row }) => orMissing(row.original.status) },
  {
    id: 'quantity',
    header: 'Qty',
    numeric: true,
    cell: ({ row }) => formatCount(row.original.quantity),
  },
  {
    id: 'buySellIndicator',
    header: 'B/S',
    cell: ({ row }) => orMissing(row.original.buySellIndicator),
  },
  {
    id: 'limitPrice',
    header: 'Limit',
    numeric: true,
    cell: ({ row }) => formatNumber(row.original.limitPrice),
  },
  {
    id: 'stopPrice',
    header: 'Stop',
    numeric: true,
    cell: ({ row }) => formatNumber(row.original.stopPrice),
  },
  {
    id: 'fillPrice',
    header: 'Fill',
    numeric: true,
    cell: ({ row }) => formatNumber(row.original.fillPrice),
  },
  {
    id: 'orderNumber',
    header: 'Order #',
    cell: ({ row }) => <Code variant="plain">{orMissing(row.original.orderNumber)}</Code>,
  },
  { id: 'orderType', header: 'Order Type', cell: ({ row }) => orMissing(row.original.orderType) },
  {
    id: 'serverTransactionNumber',
    header: 'Txn #',
    sortField: 'serverTransactionNumber',
    cell: ({ row }) => <Code variant="plain">{row.original.serverTransactionNumber}</Code>,
  },
  { id: 'exchange', header: 'Exchange', cell: ({ row }) => orMissing(row.original.exchange) },
];

const rowId = (row: AuditTrailRecord) =>
  `${row.accountNumber}#${row.serverProcessDate}#${row.serverTransactionNumber}`;

/**
 * The results table. Sorting is the server's (the three sortable columns share the stored order),
 * so a header click asks for a new page rather than sorting the rows on screen. A row's chevron shows
 * its message and position disposition.
 */
export function AuditTable({
  rows,
  sort,
  sortDirection,
  onSort,
}: {
  rows: AuditTrailRecord[];
  sort: AuditSortField;
  sortDirection: SortDirection;
  onSort: (field: AuditSortField) => void;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // TanStack Table's instance is not memoizable; the React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
  });
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Audit trail records">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="1">
              <chakra.span srOnly>Details</chakra.span>
            </Table.ColumnHeader>
            {table.getFlatHeaders().map((header) => {
              const column = header.column.columnDef as Column;
              const title = flexRender(column.header, header.getContext());
              const active = column.sortField !== undefined && column.sortField === sort;
              return (
                <Table.ColumnHeader
                  key={header.id}
                  whiteSpace="nowrap"
                  textAlign={column.numeric ? 'end' : undefined}
                  aria-sort={
                    active ? (sortDirection === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                >
                  {column.sortField ? (
                    <SortButton
                      type="button"
                      display="inline-flex"
                      alignItems="center"
                      gap="1"
                      fontWeight="inherit"
                      cursor="pointer"
                      onClick={() => onSort(column.sortField as AuditSortField)}
                    >
                      {title}
                      <Icon
                        as={
                          active
                            ? sortDirection === 'asc'
                              ? LuArrowUp
                              : LuArrowDown
                            : LuArrowUpDown
                        }
                        boxSize="3"
                        color={active ? 'fg' : 'fg.subtle'}
                        aria-hidden
                      />
                    </SortButton>
                  ) : (
                    title
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {table.getRowModel().rows.map((row) => {
            const open = expanded.has(row.id);
            return (
              <Fragment key={row.id}>
                <Table.Row>
                  <Table.Cell>
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      aria-expanded={open}
                      aria-label={open ? 'Hide details' : 'Show details'}
                      onClick={() => toggle(row.id)}
                    >
                      {open ? <LuChevronDown /> : <LuChevronRight />}
                    </IconButton>
                  </Table.Cell>
                  {row.getVisibleCells().map((cell) => (
                    <Table.Cell
                      key={cell.id}
                      whiteSpace="nowrap"
                      textAlign={(cell.column.columnDef as Column).numeric ? 'end' : undefined}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Cell>
                  ))}
                </Table.Row>
                {open && (
                  <Table.Row bg="bg.subtle">
                    <Table.Cell colSpan={columns.length + 1}>
                      <Box position="sticky" left="0" maxW="2xl">
                        <DataList.Root orientation="horizontal" size="sm">
                          <DataList.Item>
                            <DataList.ItemLabel>Message</DataList.ItemLabel>
                            <DataList.ItemValue whiteSpace="normal">
                              {orMissing(row.original.message)}
                            </DataList.ItemValue>
                          </DataList.Item>
                          <DataList.Item>
                            <DataList.ItemLabel>Position Disposition</DataList.ItemLabel>
                            <DataList.ItemValue>
                              {orMissing(row.original.positionDisposition)}
                            </DataList.ItemValue>
                          </DataList.Item>
                        </DataList.Root>
                      </Box>
                    </Table.Cell>
                  </Table.Row>
                )}
              </Fragment>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
