import { Button, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { PayoutRecord } from '@shared/payouts/payout';
import { AccountLink, TraderLink } from '@/components/account-links/account-links';
import { Money } from '@/components/figures/money-text';
import { PayoutStatusBadge } from '@/components/payouts/payout-status';
import { MISSING, formatDateTime, formatRelativeTime } from '@/lib/format';

/**
 * The queue's columns: account, trader, requested, approved, requested at, status, age (how long
 * the payout has waited since it was asked for), and the button that opens its detail.
 */
export function payoutColumns(onOpen: (payout: PayoutRecord) => void): ColumnDef<PayoutRecord>[] {
  return [
    {
      id: 'accountId',
      header: 'Account',
      accessorFn: (payout) => payout.accountId,
      cell: ({ row }) => <AccountLink accountId={row.original.accountId} />,
    },
    {
      id: 'traderId',
      header: 'Trader',
      accessorFn: (payout) => payout.traderId,
      cell: ({ row }) => <TraderLink traderId={row.original.traderId} />,
    },
    {
      id: 'requestedAmount',
      header: 'Requested',
      accessorFn: (payout) => payout.requestedAmount,
      meta: { numeric: true },
      cell: ({ row }) => <Money value={row.original.requestedAmount} />,
    },
    {
      id: 'approvedAmount',
      header: 'Approved',
      accessorFn: (payout) => payout.approvedAmount ?? null,
      meta: { numeric: true },
      cell: ({ row }) =>
        row.original.approvedAmount === undefined ? (
          <Text as="span" color="fg.muted">
            {MISSING}
          </Text>
        ) : (
          <Money value={row.original.approvedAmount} />
        ),
    },
    {
      id: 'requestedAt',
      header: 'Requested at',
      accessorFn: (payout) => payout.requestedAt,
      cell: ({ row }) => formatDateTime(row.original.requestedAt),
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (payout) => payout.status,
      cell: ({ row }) => <PayoutStatusBadge status={row.original.status} />,
    },
    {
      id: 'age',
      header: 'Age',
      // The older the request, the greater its age: sorted by when it was asked, reversed.
      accessorFn: (payout) => -Date.parse(payout.requestedAt),
      cell: ({ row }) => formatRelativeTime(row.original.requestedAt),
    },
    {
      id: 'actions',
      header: () => <Text srOnly>Actions</Text>,
      enableSorting: false,
      cell: ({ row }) => (
        <Button
          size="xs"
          variant="outline"
          aria-label={`Open the payout of ${row.original.accountId}`}
          onClick={() => onOpen(row.original)}
        >
          Open
        </Button>
      ),
    },
  ];
}
