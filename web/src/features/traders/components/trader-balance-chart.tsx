import { Button, Spinner, Text, VStack } from '@chakra-ui/react';
import { Suspense, lazy } from 'react';
import type { AccountBalanceSeries } from '@/components/charts/account-balances-chart';
import { PageError } from '@/components/ui/page-states';
import { useAccountHistories } from '@/api/traders';
import { DashboardCard } from './trader-dashboard-parts';

const AccountBalancesChart = lazy(() =>
  import('@/components/charts/account-balances-chart').then((module) => ({
    default: module.AccountBalancesChart,
  })),
);

export const ALL_ACCOUNTS_TITLE = 'All Account Balances Over Time';
export const NO_CHART_DATA_TEXT = 'No chart data available. Check if account data exists.';

export function chartTitle(selected: string | undefined): string {
  return selected ? `Account Performance: ${selected}` : ALL_ACCOUNTS_TITLE;
}

/**
 * The dashboard's balance chart (spec 000 §2, decision 27): every Active account without a selection,
 * the selected account alone with one. Each account's days come from the account page's chart source
 * (`GET /api/summaries/account/{accountId}/balances`), so the two screens plot the same balances.
 */
export function TraderBalanceChart({
  chartedIds,
  selected,
  colorOf,
  onClear,
}: {
  chartedIds: string[];
  selected: string | undefined;
  colorOf: (accountId: string) => string;
  onClear: () => void;
}) {
  const histories = useAccountHistories(chartedIds);
  const loading = histories.some((history) => history.isPending && history.error === null);
  const failed = histories.filter((history) => history.error !== null);
  const series: AccountBalanceSeries[] = histories.flatMap((history) => {
    const days = history.balances ?? [];
    if (days.length === 0) return [];
    return [
      {
        id: history.accountId,
        color: colorOf(history.accountId),
        data: days.map((day) => ({ x: day.date, y: day.accountBalance })),
      },
    ];
  });

  return (
    <DashboardCard
      title={chartTitle(selected)}
      actions={
        selected ? (
          <Button size="sm" variant="outline" onClick={onClear} title="Show all accounts">
            Clear Selection
          </Button>
        ) : undefined
      }
    >
      {selected && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          Clear Selection to show all accounts.
        </Text>
      )}
      {loading ? (
        <VStack py="10" role="status">
          <Spinner />
          <Text color="fg.muted">Loading balances...</Text>
        </VStack>
      ) : failed.length > 0 && series.length === 0 ? (
        <PageError
          title="Error loading balance history"
          error={failed[0]?.error}
          onRetry={() => failed.forEach((history) => void history.refetch())}
        />
      ) : series.length === 0 ? (
        <Text color="fg.muted" py="6">
          {NO_CHART_DATA_TEXT}
        </Text>
      ) : (
        <Suspense fallback={<Spinner role="status" aria-label="Loading chart" />}>
          <AccountBalancesChart series={series} />
        </Suspense>
      )}
    </DashboardCard>
  );
}
