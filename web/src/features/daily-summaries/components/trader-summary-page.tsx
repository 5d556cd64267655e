import { Button, HStack, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuCalendarX } from 'react-icons/lu';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { allTraderSummaryRows, useTraderSummary } from '@/api/summaries';
import { serverSortOf } from '../daily-summary-sort';
import { DailySummaryTable } from './daily-summary-table';
import { paths } from '@/config/paths';

/** Without a sort in the URL, a trader's days read newest first, accounts in id order. */
function newestFirst(rows: readonly DailySummaryRow[]): DailySummaryRow[] {
  return [...rows].sort(
    (a, b) => b.date.localeCompare(a.date) || a.accountId.localeCompare(b.accountId),
  );
}

/**
 * Trader Daily Summary (spec 001 §2.8): the firm table without the Trader column, over every day of
 * the trader's accounts; accounts link to /summaries/account/{accountId}. Sort and page in the URL.
 */
export function TraderSummaryPage() {
  const { traderId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const sort = serverSortOf(searchParams.get('sort'));
  const summary = useTraderSummary(traderId || undefined, sort);
  const rows = useMemo(
    () => newestFirst(summary.data?.pages.flatMap((page) => page.data) ?? []),
    [summary.data],
  );

  let body;
  if (summary.isPending) {
    body = <PageLoading label="Loading daily summaries..." />;
  } else if (summary.isError) {
    body = (
      <PageError
        title="Error loading data"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <PageEmpty
        icon={<LuCalendarX />}
        title="No daily summaries"
        description="No trading day has been recorded for this trader's accounts."
      />
    );
  } else {
    body = (
      <DailySummaryTable
        label="Trader daily summary"
        rows={rows}
        total={summary.data?.pages[0]?.meta?.totals?.rows}
        pages={summary}
        readAll={async () => newestFirst(await allTraderSummaryRows(traderId, sort))}
        withTrader={false}
        fileName={`trader-daily-summary-${traderId}.csv`}
      />
    );
  }

  return (
    <Stack gap="4">
      <PageHeader title="Trader Daily Summary" subtitle={`Trader ${traderId}`} />
      <HStack gap="2" wrap="wrap">
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.traderDetails.href({ id: traderId })}>Trader Details</RouterLink>
        </Button>
      </HStack>
      {body}
    </Stack>
  );
}
