import { Badge, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { TraderAccount } from '@shared/traders/trader-account';
import { PHASE_ORDER, STATUS_ORDER } from '@/components/account-groups/account-groups';
import { AccountStatusBadge } from '@/components/badges/badges';
import { DataTable } from '@/components/data-table/data-table';
import { CollapsibleSection } from '@/components/section/collapsible-section';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { ApiError } from '@/lib/api-client';
import { PROGRAM_TYPE_LABELS } from '@/lib/programs/program-labels';
import { useTraderAccounts } from '@/api/traders';
import { OVERVIEW_PHASE_TITLES } from '../trader-accounts';
import { useAccountGroups } from '../use-account-groups';
import { AccountLink } from '@/components/account-links/account-links';
import { paths } from '@/config/paths';
import { MISSING, orMissing } from '@/lib/format';

export const NO_TRADER_ACCOUNTS = 'No accounts found for this trader.';
export const TRADER_ACCOUNTS_ERROR = 'Failed to fetch accounts';

/** The program type (decision 14), from the account or, in older items, its program. */
function typeLabel(account: TraderAccount): string {
  const type = account.type ?? account.program?.type;
  return type ? PROGRAM_TYPE_LABELS[type] : MISSING;
}

const accountColumns: ColumnDef<TraderAccount>[] = [
  {
    id: 'accountId',
    header: 'Account ID',
    cell: ({ row }) => <AccountLink accountId={row.original.accountId} />,
  },
  { id: 'name', header: 'Name', cell: ({ row }) => orMissing(row.original.name) },
  { id: 'currency', header: 'Currency', cell: ({ row }) => row.original.currency },
  { id: 'type', header: 'Type', cell: ({ row }) => typeLabel(row.original) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <AccountStatusBadge status={row.original.status} />,
  },
  { id: 'email', header: 'Email', cell: ({ row }) => orMissing(row.original.email) },
];

const summaryColumn: ColumnDef<TraderAccount> = {
  id: 'traderSummary',
  header: 'Trader Summary',
  cell: ({ row }) => (
    <Link asChild colorPalette="blue">
      <RouterLink
        to={paths.traderDailySummary.href({ traderId: row.original.traderId })}
        aria-label={`Trader Summary of ${row.original.accountId}`}
      >
        Trader Summary
      </RouterLink>
    </Link>
  ),
};

function AccountsTable({
  label,
  accounts,
  traderSummaryLinks,
}: {
  label: string;
  accounts: readonly TraderAccount[];
  traderSummaryLinks: boolean;
}) {
  return (
    <DataTable
      label={label}
      sortable={false}
      data={accounts}
      columns={traderSummaryLinks ? [...accountColumns, summaryColumn] : accountColumns}
      getRowId={(account) => account.accountId}
    />
  );
}

function GroupedAccounts({ accounts }: { accounts: readonly TraderAccount[] }) {
  const { groups, isOpen, setOpen } = useAccountGroups(accounts);
  return (
    <Stack gap="5">
      {groups.map((group) => (
        <Stack key={group.phase} gap="3">
          <Heading as="h2" size="lg">
            {OVERVIEW_PHASE_TITLES[group.phase]}
          </Heading>
          {group.statuses.map((status) => {
            const title = `${OVERVIEW_PHASE_TITLES[group.phase]} — ${status.status}`;
            return (
              <CollapsibleSection
                key={status.key}
                level="h3"
                title={title}
                count={status.rows.length}
                open={isOpen(status)}
                onOpenChange={(open) => setOpen(status.key, open)}
              >
                <AccountsTable label={title} accounts={status.rows} traderSummaryLinks={false} />
              </CollapsibleSection>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}

/** Phase order then status order then id, for the flat list. */
function listOrder(a: TraderAccount, b: TraderAccount): number {
  return (
    PHASE_ORDER.indexOf(a.phase) - PHASE_ORDER.indexOf(b.phase) ||
    STATUS_ORDER.indexOf(a.rithmicStatus) - STATUS_ORDER.indexOf(b.rithmicStatus) ||
    a.accountId.localeCompare(b.accountId)
  );
}

/**
 * The two account lists of a trader (spec 001 §2.6, decision 4): `/traders/:id/overview` is
 * 'Accounts Overview for Trader' (grouped by phase type, then status, only Active groups open);
 * `/traders/:id/accounts` is 'Accounts for Trader' (one table, each row linking to the Trader
 * Summary). Both read `GET /api/accounts/trader/{traderId}`.
 */
export function TraderAccountsPage({ variant }: { variant: 'overview' | 'accounts' }) {
  const { id } = useParams();
  const accounts = useTraderAccounts(id);
  const title =
    variant === 'overview' ? `Accounts Overview for Trader ${id}` : `Accounts for Trader ${id}`;
  const sorted = useMemo(() => [...(accounts.data ?? [])].sort(listOrder), [accounts.data]);

  let body: React.ReactNode;
  if (accounts.isPending) body = <PageLoading label="Loading accounts..." />;
  else if (accounts.isError) {
    const server = accounts.error instanceof ApiError ? accounts.error.serverMessage : undefined;
    body = (
      <PageError
        title={server ? `${TRADER_ACCOUNTS_ERROR}: ${server}` : TRADER_ACCOUNTS_ERROR}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
      />
    );
  } else if (sorted.length === 0) body = <Text color="fg.muted">{NO_TRADER_ACCOUNTS}</Text>;
  else if (variant === 'overview') body = <GroupedAccounts accounts={sorted} />;
  else body = <AccountsTable label="Accounts" accounts={sorted} traderSummaryLinks />;

  return (
    <Stack gap="5">
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
        <RouterLink to={paths.traderDetails.href({ id: id ?? '' })}>
          <LuArrowLeft aria-hidden /> Back
        </RouterLink>
      </Button>
      <Stack gap="1">
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {title}
        </Heading>
        {accounts.data && (
          <Text color="fg.muted">
            <Badge variant="outline">{accounts.data.length}</Badge> accounts
          </Text>
        )}
      </Stack>
      {body}
    </Stack>
  );
}

export function TraderAccountsOverviewPage() {
  return <TraderAccountsPage variant="overview" />;
}

export function TraderAccountsListPage() {
  return <TraderAccountsPage variant="accounts" />;
}
