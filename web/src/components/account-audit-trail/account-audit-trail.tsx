import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useState, type FormEvent } from 'react';
import type { AccountListItem } from '@shared/accounts/account';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { formatDate, formatTime, orMissing } from '@/lib/format';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { DataTable } from '@/components/data-table/data-table';
import { useUrlPage } from '@/lib/url-state';
import { ACCOUNT_AUDIT_PAGE_SIZE, useAccountAuditTrail } from '@/api/audit';
import { auditPrice, signedQuantity } from './audit-figures';

export const AUDIT_EMPTY_TEXT =
  'No audit trail data available. Select an account to view its audit trail.';

/** Suggestions under the account box: enough to pick from, never ten thousand options. */
const SUGGESTIONS = 50;

/**
 * The Account Audit Trail section of All Accounts (spec 000 §2): pick an account, then its order
 * events page by page with the nine columns.
 */
export function AccountAuditTrail({
  accounts,
  accountNumber,
  onSelect,
}: {
  accounts: readonly AccountListItem[];
  accountNumber: string | undefined;
  onSelect: (accountNumber: string | undefined) => void;
}) {
  const [draft, setDraft] = useState(accountNumber ?? '');
  const listId = useId();
  const needle = draft.trim().toLowerCase();
  const suggestions = accounts
    .filter((account) => needle === '' || account.accountId.toLowerCase().includes(needle))
    .slice(0, SUGGESTIONS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    // Account ids are upper case; 'eval50k-000105' means EVAL50K-000105 (the API matches exactly).
    const known = accounts.find(
      (account) => account.accountId.toLowerCase() === value.toLowerCase(),
    );
    onSelect(value === '' ? undefined : (known?.accountId ?? value));
  };

  return (
    <>
      <form onSubmit={submit}>
        <HStack align="end" gap="2" mb="3" wrap="wrap">
          <Field.Root maxW="sm">
            <Field.Label>Account</Field.Label>
            <Input
              list={listId}
              value={draft}
              placeholder="Type or pick an account ID"
              onChange={(event) => setDraft(event.currentTarget.value)}
            />
            <datalist id={listId}>
              {suggestions.map((account) => (
                <option key={account.accountId} value={account.accountId}>
                  {account.name}
                </option>
              ))}
            </datalist>
          </Field.Root>
          <Button type="submit">Show Audit Trail</Button>
        </HStack>
      </form>
      <AccountAuditTrailTable accountNumber={accountNumber} />
    </>
  );
}

/**
 * Newest moment first. The API orders by trading date, then transaction number: a trading day opens
 * the evening before (17:00 CT), and a broker's numbers need not follow the clock.
 */
function byMoment(rows: readonly AuditTrailRecord[]): AuditTrailRecord[] {
  const moment = (row: AuditTrailRecord) => Date.parse(row.serverTimestamp) || 0;
  return [...rows].sort((a, b) => moment(b) - moment(a));
}

/** The nine columns (spec 000 §2). */
const columns: ColumnDef<AuditTrailRecord>[] = [
  // The day of the event itself, beside its time; the trading date can be the next.
  { id: 'date', header: 'Date', cell: ({ row }) => formatDate(row.original.serverTimestamp) },
  {
    id: 'time',
    header: 'Time',
    cell: ({ row }) => (
      <Text as="span" fontFamily="mono">
        {formatTime(row.original.serverTimestamp, 'seconds')}
      </Text>
    ),
  },
  { id: 'action', header: 'Action', cell: ({ row }) => row.original.action },
  { id: 'instrument', header: 'Instrument', cell: ({ row }) => orMissing(row.original.instrument) },
  {
    id: 'quantity',
    header: 'Quantity',
    meta: { numeric: true },
    cell: ({ row }) => signedQuantity(row.original),
  },
  {
    id: 'price',
    header: 'Price',
    meta: { numeric: true },
    cell: ({ row }) => auditPrice(row.original),
  },
  { id: 'orderType', header: 'Order Type', cell: ({ row }) => orMissing(row.original.orderType) },
  { id: 'status', header: 'Status', cell: ({ row }) => orMissing(row.original.status) },
  { id: 'exchange', header: 'Exchange', cell: ({ row }) => orMissing(row.original.exchange) },
];

/** The URL key of the audit trail's page (`audit.page`) beside a screen's other tables. */
export const AUDIT_URL_KEY = 'audit';

/** An account's order events page by page (the page in the URL), with the nine columns. */
export function AccountAuditTrailTable({ accountNumber }: { accountNumber: string | undefined }) {
  const { page } = useUrlPage(AUDIT_URL_KEY, { defaultPageSize: ACCOUNT_AUDIT_PAGE_SIZE });
  const trail = useAccountAuditTrail(accountNumber, page);
  const rows = byMoment(trail.data?.data ?? []);
  if (accountNumber !== undefined && trail.isPending) {
    return <PageLoading label="Loading audit trail..." />;
  }
  if (trail.isError) {
    return (
      <PageError
        title="Failed to load audit trail"
        error={trail.error}
        onRetry={() => void trail.refetch()}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <Text color="fg.muted" py="4">
        {AUDIT_EMPTY_TEXT}
      </Text>
    );
  }
  return (
    <DataTable
      label={`Audit trail of ${accountNumber}`}
      data={rows}
      columns={columns}
      getRowId={(record) => `${record.serverTransactionNumber}-${record.serverTimestamp}`}
      urlKey={AUDIT_URL_KEY}
      sortable={false}
      paging={{
        rowCount: trail.data?.meta.total ?? rows.length,
        pageSize: ACCOUNT_AUDIT_PAGE_SIZE,
        always: true,
      }}
    />
  );
}
