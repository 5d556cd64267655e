import { Button, Field, HStack, Input, Table, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import type { AccountListItem } from '@shared/accounts/account';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { formatDate, formatTime, orMissing } from '@/lib/format';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { Pager } from '@/components/section/pager';
import { ACCOUNT_AUDIT_PAGE_SIZE, useAccountAuditTrail } from '@/api/audit';
import { auditPrice, signedQuantity } from '../account-list';

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
  page,
  onSelect,
  onPageChange,
}: {
  accounts: readonly AccountListItem[];
  accountNumber: string | undefined;
  page: number;
  onSelect: (accountNumber: string | undefined) => void;
  onPageChange: (page: number) => void;
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
      <AccountAuditTrailTable
        accountNumber={accountNumber}
        page={page}
        onPageChange={onPageChange}
      />
    </>
  );
}

/**
 * Newest moment first. The API orders by trading date, then transaction number: a trading day opens
 * the evening before (17:00 CT), and a broker's numbers need not follow the clock (issue 24).
 */
function byMoment(rows: readonly AuditTrailRecord[]): AuditTrailRecord[] {
  const moment = (row: AuditTrailRecord) => Date.parse(row.serverTimestamp) || 0;
  return [...rows].sort((a, b) => moment(b) - moment(a));
}

/** An account's order events page by page, with the nine columns (spec 000 §2). */
export function AccountAuditTrailTable({
  accountNumber,
  page,
  onPageChange,
}: {
  accountNumber: string | undefined;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const trail = useAccountAuditTrail(accountNumber, page);
  const rows = byMoment(trail.data?.data ?? []);
  return (
    <>
      {accountNumber !== undefined && trail.isPending ? (
        <PageLoading label="Loading audit trail..." />
      ) : trail.isError ? (
        <PageError
          title="Failed to load audit trail"
          error={trail.error}
          onRetry={() => void trail.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text color="fg.muted" py="4">
          {AUDIT_EMPTY_TEXT}
        </Text>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label={`Audit trail of ${accountNumber}`}>
              <Table.Header>
                <Table.Row>
                  {[
                    'Date',
                    'Time',
                    'Action',
                    'Instrument',
                    'Quantity',
                    'Price',
                    'Order Type',
                    'Status',
                    'Exchange',
                  ].map((title) => (
                    <Table.ColumnHeader
                      key={title}
                      textAlign={title === 'Quantity' || title === 'Price' ? 'end' : undefined}
                    >
                      {title}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((record) => (
                  <Table.Row key={`${record.serverTransactionNumber}-${record.serverTimestamp}`}>
                    {/* The day of the event itself, beside its time; the trading date can be the next. */}
                    <Table.Cell>{formatDate(record.serverTimestamp)}</Table.Cell>
                    <Table.Cell fontFamily="mono">
                      {formatTime(record.serverTimestamp, 'seconds')}
                    </Table.Cell>
                    <Table.Cell>{record.action}</Table.Cell>
                    <Table.Cell>{orMissing(record.instrument)}</Table.Cell>
                    <Table.Cell textAlign="end">{signedQuantity(record)}</Table.Cell>
                    <Table.Cell textAlign="end">{auditPrice(record)}</Table.Cell>
                    <Table.Cell>{orMissing(record.orderType)}</Table.Cell>
                    <Table.Cell>{orMissing(record.status)}</Table.Cell>
                    <Table.Cell>{orMissing(record.exchange)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager
            label="Audit trail"
            page={trail.data?.meta.page ?? page}
            rows={trail.data?.meta.total ?? rows.length}
            pageSize={ACCOUNT_AUDIT_PAGE_SIZE}
            onPageChange={onPageChange}
          />
        </>
      )}
    </>
  );
}
