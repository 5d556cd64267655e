import {
  Button,
  Card,
  HStack,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Stat,
  Text,
  chakra,
} from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { TraderAccount } from '@shared/traders/trader-account';
import type { Trader } from '@shared/traders/trader';
import { PHASE_ORDER } from '@/components/account-groups/account-groups';
import { TraderStatusBadge, phaseLabel } from '@/components/badges/badges';
import { MISSING, formatCount, formatFractionPercent, orMissing } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { DataTable } from '@/components/data-table/data-table';
import { JsonModal } from '@/components/json-modal/json-modal';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { ApiError, errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useUrlFilters } from '@/lib/url-state';
import { useTraderDetails } from '@/api/traders';
import { definitionsById } from '../trader-accounts';
import { AccountSummaryCard } from './account-summary-card';
import { TraderAccountsOverview } from './trader-accounts-overview';
import { TraderSections } from './trader-sections';
import { mailtoHref, paths, telHref } from '@/config/paths';

/** The account whose summary shows (`?account=`; the first Active one when absent). */
const VIEW_PARAMS = ['account'] as const;

export const TRADER_DETAILS_FALLBACK_ERROR = 'Failed to fetch trader details';

/** Spec 000 §8: 'Error loading trader data: {message}', the server's message when it gave one. */
export function traderErrorText(error: unknown): string {
  const message = error instanceof Error ? errorText(error) : '';
  return `Error loading trader data: ${message || TRADER_DETAILS_FALLBACK_ERROR}`;
}

export function BackToTraders() {
  // A trader opens their own details from their dashboard (trader layout): the way back is there.
  const isTrader = useSession()?.user.role === 'trader';
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
      <RouterLink to={isTrader ? '/trader-dashboard' : '/traders'}>
        <LuArrowLeft aria-hidden /> {isTrader ? 'Back to Dashboard' : 'Back to Traders'}
      </RouterLink>
    </Button>
  );
}

type InfoRow = [string, React.ReactNode];

/** The info table's rows name their field: its column headers are for screen readers only. */
const infoColumns: ColumnDef<InfoRow>[] = [
  {
    id: 'field',
    header: () => <chakra.span srOnly>Field</chakra.span>,
    meta: { minW: '32' },
    cell: ({ row }) => (
      <Text as="span" fontWeight="medium">
        {row.original[0]}
      </Text>
    ),
  },
  {
    id: 'value',
    header: () => <chakra.span srOnly>Value</chakra.span>,
    meta: { wrap: true },
    cell: ({ row }) => (
      <Text as="span" wordBreak="break-all">
        {row.original[1]}
      </Text>
    ),
  },
];

function TraderInfo({ trader }: { trader: Trader }) {
  const [jsonOpen, setJsonOpen] = useState(false);
  const rows: InfoRow[] = [
    ['Username', orMissing(trader.username)],
    [
      'Trader ID',
      <Text as="span" fontFamily="mono">
        {trader.traderId}
      </Text>,
    ],
    ['First Name', orMissing(trader.firstName)],
    ['Last Name', orMissing(trader.lastName)],
    ['Email', trader.email],
    ['Status', <TraderStatusBadge status={trader.status} />],
  ];
  return (
    <Card.Root size="sm" as="section" aria-label="Trader Info">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">
            Trader Info
          </Heading>
          <Button size="sm" variant="outline" onClick={() => setJsonOpen(true)}>
            View JSON
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <DataTable
          label="Trader info"
          compact
          data={rows}
          columns={infoColumns}
          getRowId={([label]) => label}
        />
      </Card.Body>
      <JsonModal
        open={jsonOpen}
        title="Trader Data JSON"
        value={trader}
        onClose={() => setJsonOpen(false)}
      />
    </Card.Root>
  );
}

/** Spec 000 §2 'trader overview': account-type cards, performance summary and contact info. */
function TraderOverview({ trader, accounts }: { trader: Trader; accounts: TraderAccount[] }) {
  let balance = 0;
  let profit = 0;
  let trades = 0;
  let wins = 0;
  for (const account of accounts) {
    const summary = account.accountSummary;
    balance += summary?.currentBalance ?? account.summary?.balance ?? 0;
    profit += summary?.totalProfit ?? 0;
    trades += summary?.totalTrades ?? 0;
    wins += summary?.winningTrades ?? 0;
  }
  const phone = trader.phoneNumber ?? Object.values(trader.phone)[0];
  return (
    <Card.Root size="sm" as="section" aria-label="Trader Overview">
      <Card.Header>
        <Heading as="h2" size="md">
          Trader Overview
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {/* Two columns until the half-page card is wide enough for four: four columns at
              1280 px pushed "PERFORMANCE" out of its box. */}
          <SimpleGrid columns={{ base: 2, '2xl': 4 }} gap="3" aria-label="Accounts by type">
            {PHASE_ORDER.map((phase) => (
              <Stat.Root key={phase} borderWidth="1px" rounded="md" p="3">
                <Stat.Label>
                  {phase === 'sim-funded' ? 'PERFORMANCE' : phaseLabel(phase)}
                </Stat.Label>
                <Stat.ValueText>
                  {formatCount(accounts.filter((account) => account.phase === phase).length)}
                </Stat.ValueText>
              </Stat.Root>
            ))}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 2, '2xl': 4 }} gap="3" aria-label="Performance summary">
            <Stat.Root borderWidth="1px" rounded="md" p="3">
              <Stat.Label>Total Balance</Stat.Label>
              <Stat.ValueText fontSize="lg">
                <Money value={balance} />
              </Stat.ValueText>
            </Stat.Root>
            <Stat.Root borderWidth="1px" rounded="md" p="3">
              <Stat.Label>Total Profit</Stat.Label>
              <Stat.ValueText fontSize="lg">
                <Money value={profit} signed />
              </Stat.ValueText>
            </Stat.Root>
            <Stat.Root borderWidth="1px" rounded="md" p="3">
              <Stat.Label>Total Trades</Stat.Label>
              <Stat.ValueText fontSize="lg">{formatCount(trades)}</Stat.ValueText>
            </Stat.Root>
            <Stat.Root borderWidth="1px" rounded="md" p="3">
              <Stat.Label>Win Rate</Stat.Label>
              <Stat.ValueText fontSize="lg">
                {trades > 0 ? formatFractionPercent(wins / trades, 1) : MISSING}
              </Stat.ValueText>
            </Stat.Root>
          </SimpleGrid>
          <Stack gap="1" fontSize="sm" aria-label="Contact info">
            <Text>
              Email:{' '}
              <Link href={mailtoHref(trader.email)} colorPalette="blue">
                {trader.email}
              </Link>
            </Text>
            <Text>
              Phone:{' '}
              {phone ? (
                <Link href={telHref(phone)} colorPalette="blue">
                  {phone}
                </Link>
              ) : (
                MISSING
              )}
            </Text>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Trader Details (`/traders/:id/details`, spec 000 §2): Trader Info with View JSON, the trader
 * overview, the Account Summary card of the selected account (`?account=` in the URL), the five
 * collapsible sections and the accounts overview with each account's progress.
 */
export function TraderDetailsPage() {
  const { id } = useParams();
  const [view, update] = useUrlFilters(VIEW_PARAMS);
  const details = useTraderDetails(id);
  const data = details.data;
  const definitions = useMemo(() => definitionsById(data?.rules ?? []), [data?.rules]);

  if (details.isPending) return <PageLoading label="Loading trader details..." />;
  if (details.isError) {
    const notFound = details.error instanceof ApiError && details.error.status === 404;
    return (
      <Stack gap="4">
        <BackToTraders />
        <Heading as="h1" size="2xl">
          {notFound ? 'Trader not found' : 'Trader Details'}
        </Heading>
        <PageError
          title={traderErrorText(details.error)}
          error={details.error}
          onRetry={() => void details.refetch()}
        />
      </Stack>
    );
  }

  const { trader, accounts, rules } = details.data;
  const fullName = `${trader.firstName} ${trader.lastName}`.trim() || trader.traderId;
  const selectedId = view.account;
  const selected =
    accounts.find((account) => account.accountId === selectedId) ??
    accounts.find((account) => account.rithmicStatus === 'Active') ??
    accounts[0];
  const showSummary = (accountId: string) => {
    update({ account: accountId });
    document
      .querySelector('[aria-label="Account Summary"]')
      ?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const { traderId } = trader;

  return (
    <Stack gap="5">
      <BackToTraders />
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Trader Details: {fullName}
        </Heading>
        <Text color="fg.muted">
          Trader ID{' '}
          <Text as="span" fontFamily="mono">
            {trader.traderId}
          </Text>
        </Text>
        <HStack gap="4" wrap="wrap" fontSize="sm">
          <Link asChild colorPalette="blue">
            <RouterLink to={paths.traderSummary.href({ traderId })}>Trader Summary</RouterLink>
          </Link>
          <Link asChild colorPalette="blue">
            <RouterLink to={paths.traderDailySummary.href({ traderId })}>
              Trader Daily Summary
            </RouterLink>
          </Link>
          <Link asChild colorPalette="blue">
            <RouterLink to={paths.traderAccountsOverview.href({ id: traderId })}>
              Accounts Overview
            </RouterLink>
          </Link>
          <Link asChild colorPalette="blue">
            <RouterLink to={paths.traderAccounts.href({ id: traderId })}>Accounts</RouterLink>
          </Link>
          <Link asChild colorPalette="blue">
            <RouterLink to={paths.traderDashboard.href({ id: traderId })}>
              Trader Dashboard
            </RouterLink>
          </Link>
        </HStack>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="start">
        <TraderInfo trader={trader} />
        <TraderOverview trader={trader} accounts={accounts} />
      </SimpleGrid>
      <AccountSummaryCard accounts={accounts} selected={selected} onSelect={showSummary} />
      <TraderSections accounts={accounts} rules={rules} onShowSummary={showSummary} />
      <Stack gap="3" as="section" aria-label="Accounts Overview">
        <Heading as="h2" size="lg">
          Accounts Overview
        </Heading>
        {accounts.length === 0 ? (
          <Text color="fg.muted">No accounts found for this trader.</Text>
        ) : (
          <TraderAccountsOverview
            accounts={accounts}
            definitions={definitions}
            onShowSummary={showSummary}
          />
        )}
      </Stack>
    </Stack>
  );
}
