import { Link, Table, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountListItem } from '@shared/accounts/account';
import { AccountStatusBadge, PhaseBadge } from '@/components/badges/badges';
import { Money } from '@/components/figures/money-text';
import { orMissing } from '@/lib/format';

/**
 * The six columns of the All Accounts groups (spec 000 §2) and Status, the judged status (issue 24):
 * a failed account the broker still lists as Active is marked. A balance never synced is the
 * phase's starting balance, marked as such.
 */
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

export function AccountGroupTable({
  label,
  rows,
  highlightedId,
}: {
  label: string;
  rows: readonly AccountListItem[];
  highlightedId: string | undefined;
}) {
  // The highlighted row is scrolled into view once, not again at every render.
  const scrolledTo = useRef<string | undefined>(undefined);
  const scrollIntoView = (element: HTMLTableRowElement | null) => {
    if (element === null || scrolledTo.current === highlightedId) return;
    scrolledTo.current = highlightedId;
    element.scrollIntoView?.({ block: 'center' });
  };
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Account ID</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Program</Table.ColumnHeader>
            <Table.ColumnHeader>Phase Type</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
            <Table.ColumnHeader>Trader Email</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const highlighted = row.accountId === highlightedId;
            return (
              <Table.Row
                key={row.accountId}
                aria-current={highlighted ? 'true' : undefined}
                bg={highlighted ? 'yellow.subtle' : undefined}
                ref={highlighted ? scrollIntoView : undefined}
              >
                <Table.Cell>
                  <Link asChild fontFamily="mono" colorPalette="blue">
                    <RouterLink to={`/summaries/account/${encodeURIComponent(row.accountId)}`}>
                      {row.accountId}
                    </RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{orMissing(row.name)}</Table.Cell>
                <Table.Cell>
                  {row.program?.name ?? (
                    <Text as="span" color="fg.muted">
                      -
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <PhaseBadge phase={row.phase} />
                </Table.Cell>
                <Table.Cell>
                  <AccountStatusBadge status={row.status} />
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <BalanceCell row={row} />
                </Table.Cell>
                <Table.Cell>{orMissing(row.email)}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
