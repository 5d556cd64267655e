import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { listStatusOf, type AccountListItem } from '@shared/accounts/account';
import { AccountLink } from '@/components/account-links/account-links';
import { DataTable } from '@/components/data-table/data-table';
import { PhaseBadge } from '@/components/badges/badges';
import { ListStatusCell, roomToBreachColumn } from '@/components/limit-distance/room-to-breach';
import { Money } from '@/components/figures/money-text';
import { orMissing } from '@/lib/format';

/** The balance; one never synced is the phase's starting balance, said so beside it. */
export function BalanceCell({ row }: { row: AccountListItem }) {
  if (row.balanceSource !== 'starting') return <Money value={row.summary?.balance} />;
  return (
    <Text as="span" title={STARTING_BALANCE_NOTE}>
      <Money value={row.summary?.balance} />{' '}
      <Text as="span" fontSize="xs" color="fg.muted">
        (starting)
      </Text>
    </Text>
  );
}

export const STARTING_BALANCE_NOTE = 'No day synced yet: the starting balance of its phase';

/**
 * The six columns of the All Accounts groups (spec 000 §2), Status (the judged status, or held: a
 * failed account the broker still lists as Active is marked) and Room to Breach. A balance never
 * synced is the phase's starting balance, marked as such.
 */
const columns: ColumnDef<AccountListItem>[] = [
  {
    id: 'accountId',
    header: 'Account ID',
    accessorFn: (row) => row.accountId,
    cell: ({ row }) => <AccountLink accountId={row.original.accountId} />,
  },
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name,
    cell: ({ row }) => orMissing(row.original.name || null),
  },
  {
    id: 'program',
    header: 'Program',
    accessorFn: (row) => row.program?.name,
    sortUndefined: 'last',
    cell: ({ row }) =>
      row.original.program?.name ?? (
        <Text as="span" color="fg.muted">
          -
        </Text>
      ),
  },
  {
    id: 'phase',
    header: 'Phase Type',
    accessorFn: (row) => row.phase,
    cell: ({ row }) => <PhaseBadge phase={row.original.phase} />,
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (row) => listStatusOf(row),
    cell: ({ row }) => (
      <ListStatusCell status={row.original.status} heldSince={row.original.heldSince} />
    ),
  },
  {
    id: 'balance',
    header: 'Balance',
    accessorFn: (row) => row.summary?.balance,
    sortUndefined: 'last',
    meta: { numeric: true },
    cell: ({ row }) => <BalanceCell row={row.original} />,
  },
  roomToBreachColumn((row) => row.room),
  {
    id: 'email',
    header: 'Trader Email',
    accessorFn: (row) => row.email,
    sortUndefined: 'last',
    cell: ({ row }) => orMissing(row.original.email),
  },
];

/**
 * One group of All Accounts: sorted by the screen's `sort`, paged by `<group>.page` and the screen's
 * `pageSize`; the highlighted account is marked and its page opened.
 */
export function AccountGroupTable({
  groupKey,
  label,
  rows,
  highlightedId,
}: {
  groupKey: string;
  label: string;
  rows: readonly AccountListItem[];
  highlightedId: string | undefined;
}) {
  return (
    <DataTable
      label={label}
      data={rows}
      columns={columns}
      getRowId={(row) => row.accountId}
      urlKey={groupKey}
      grouped
      paging={{ pageSizes: true }}
      highlightedRowId={highlightedId}
    />
  );
}
