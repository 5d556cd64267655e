import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { ApiError } from '@/lib/api-client';
import { useUrlFilters } from '@/lib/url-state';
import { useTraderDetails } from '@/api/traders';
import { definitionsById } from '../trader-accounts';
import { AccountVerdictSection } from '@/components/verdict/account-verdict-section';
import { AccountPayoutsSection } from '@/components/payouts/account-payouts-section';
import { AccountSummaryCard } from './account-summary-card';
import { TraderAccountsOverview } from './trader-accounts-overview';
import { BackToTraders, TraderDetailsHeader, traderErrorText } from './trader-details-header';
import { TraderInfo, TraderOverview } from './trader-info-cards';
import { TraderSections } from './trader-sections';

/** The account whose summary shows (`?account=`; the first Active one when absent). */
const VIEW_PARAMS = ['account'] as const;

/**
 * Trader Details (`/traders/:id/details`, spec 000 §2): Trader Info with View JSON, the trader
 * overview, the Account Summary card of the selected account (`?account=` in the URL) and its verdict
 * explained (any of the trader's accounts, a failed one included: the dashboard picks active ones
 * only), the five collapsible sections and the accounts overview with each account's progress.
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
      <TraderDetailsHeader fullName={fullName} traderId={traderId} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="start">
        <TraderInfo trader={trader} />
        <TraderOverview trader={trader} accounts={accounts} />
      </SimpleGrid>
      <AccountSummaryCard accounts={accounts} selected={selected} onSelect={showSummary} />
      {selected && <AccountVerdictSection accountId={selected.accountId} />}
      {selected && <AccountPayoutsSection accountId={selected.accountId} audience="staff" />}
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
