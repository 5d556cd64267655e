import { Button, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
// From the theme, not the chart module: the chart (and nivo) load only when the chart shows.
import { accountLineColor } from '@/components/charts/chart-theme';
import { JsonModal } from '@/components/json-modal/json-modal';
import { DownloadEvidenceButton } from '@/components/evidence/download-evidence-button';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { errorText } from '@/lib/api-client';
import { useTraderDetails } from '@/api/traders';
import { TraderBalanceChart } from './trader-balance-chart';
import { AccountVerdictSection } from '@/components/verdict/account-verdict-section';
import { AccountPayoutsSection } from '@/components/payouts/account-payouts-section';
import { AccountSummaryTable } from './account-summary-table';
import { ChartAccountList } from './chart-account-list';
import { ContactInformation } from './contact-information';
import { LimitDistanceCard } from './limit-distance-card';
import {
  DashboardCard,
  NotesAndComments,
  RecentActivity,
  latestDate,
} from './trader-dashboard-parts';
import { paths } from '@/config/paths';
import { useUrlFilters } from '@/lib/url-state';
import { useSession } from '@/lib/session';

/** The account the chart and summary show (`?account=`), every Active one when absent. */
const VIEW_PARAMS = ['account'] as const;

/** Spec 000 §8: the dashboard's and details' error text. */
export function traderErrorText(error: unknown): string {
  return `Error loading trader data: ${errorText(error)}`;
}

/**
 * The trader's details page, on the dashboard's selected account when there is one (its Account
 * Summary card reads the same `?account=`): the spec gives the dashboard no way on to the details,
 * performance reports and rule decisions, which staff must be able to follow.
 */
export function traderDetailsPath(traderId: string, accountId: string | undefined): string {
  return paths.traderDetails.href({ id: traderId }, { account: accountId || undefined });
}

/**
 * A trader's dashboard (spec 000 §2 'Trader dashboard'): header with View JSON, the account-summary
 * table, the distance of each active account to its limits, the balance chart and the accounts list that selects its account (`?account=` in the URL),
 * Contact Information, Notes & Comments and Recent Activity. `:id` is a trader id, or a broker user
 * id looked up to its trader (decision 6).
 */
export function TraderDashboardPage() {
  const { id } = useParams();
  const [view, update] = useUrlFilters(VIEW_PARAMS);
  const [jsonOpen, setJsonOpen] = useState(false);
  const details = useTraderDetails(id);
  const isTrader = useSession()?.user.role === 'trader';
  const selectedParam = view.account || undefined;
  const setSelected = (accountId: string | undefined) => update({ account: accountId ?? '' });

  if (details.isPending) return <PageLoading label="Loading trader data..." />;
  if (details.isError) {
    return (
      <PageError
        title={traderErrorText(details.error)}
        error={details.error}
        onRetry={() => void details.refetch()}
      />
    );
  }

  const { trader, accounts } = details.data;
  const fullName = `${trader.firstName} ${trader.lastName}`.trim() || trader.traderId;
  const activeIds = accounts
    .filter((account) => account.rithmicStatus === 'Active')
    .map((account) => account.accountId);
  const colors = new Map(activeIds.map((accountId, index) => [accountId, accountLineColor(index)]));
  // Only an Active account of this trader can be the chart's account.
  const selected = selectedParam && colors.has(selectedParam) ? selectedParam : undefined;
  const chartedIds = selected ? [selected] : activeIds;
  const latestPerformanceDate = latestDate(
    accounts.flatMap((account) => [
      account.accountSummary?.lastCalculationDate,
      account.accountSummary?.lastTradingDate,
    ]),
  );

  return (
    <>
      <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="6">
        <Stack gap="1" minW="0">
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {fullName}
          </Heading>
          <Text color="fg.muted">
            Trader ID:{' '}
            <Text as="span" fontFamily="mono">
              {trader.traderId}
            </Text>
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button asChild variant="outline">
            <RouterLink to={traderDetailsPath(trader.traderId, selected)}>
              Trader Details
            </RouterLink>
          </Button>
          <Button variant="outline" onClick={() => setJsonOpen(true)}>
            View JSON
          </Button>
          {selected && <DownloadEvidenceButton accountId={selected} />}
        </HStack>
      </HStack>

      <Stack gap="5">
        <DashboardCard title="Account Summary">
          <AccountSummaryTable accounts={accounts} />
        </DashboardCard>
        <LimitDistanceCard accounts={accounts} />
        <SimpleGrid columns={{ base: 1, xl: 3 }} gap="5" alignItems="start">
          <Stack gridColumn={{ xl: 'span 2' }} minW="0">
            <TraderBalanceChart
              chartedIds={chartedIds}
              selected={selected}
              colorOf={(accountId) => colors.get(accountId) ?? accountLineColor(0)}
              onClear={() => setSelected(undefined)}
            />
          </Stack>
          <DashboardCard title="Accounts">
            <ChartAccountList
              accounts={accounts}
              colorOf={(accountId) => colors.get(accountId)}
              selected={selected}
              onSelect={setSelected}
            />
          </DashboardCard>
        </SimpleGrid>
        {selected && <AccountVerdictSection accountId={selected} />}
        {selected && (
          <AccountPayoutsSection accountId={selected} audience={isTrader ? 'trader' : 'staff'} />
        )}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="start">
          <ContactInformation trader={trader} />
          <Stack gap="5">
            <NotesAndComments />
            <RecentActivity trader={trader} latestPerformanceDate={latestPerformanceDate} />
          </Stack>
        </SimpleGrid>
      </Stack>

      <JsonModal
        open={jsonOpen}
        title="Trader Data JSON"
        value={details.data}
        copyLabel="Copy to Clipboard"
        onClose={() => setJsonOpen(false)}
      />
    </>
  );
}
