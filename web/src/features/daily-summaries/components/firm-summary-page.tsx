import { Button, HStack, NativeSelect, Spinner, Stack } from '@chakra-ui/react';
import { LuCalendarX, LuChevronLeft, LuChevronRight, LuRefreshCw } from 'react-icons/lu';
import { formatDate } from '@/lib/format';
import { isPageParam, tradingDateParam, useUrlFilters } from '@/lib/url-state';
import { StepButtons } from '@/components/section/pager';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { useSearchParams } from 'react-router-dom';
import { allFirmSummaryRows, useFirmSummary } from '@/api/summaries';
import { serverSortOf } from '../daily-summary-sort';
import { DailySummaryTable } from './daily-summary-table';

export const DATE_PARAM = 'date';
const VIEW_PARAMS = [DATE_PARAM] as const;

/**
 * Firm Daily Summary (spec 001 §2.8): every account's row of one trading date (the latest by
 * default), with the previous and next trading dates and the latest 60 in a picker; the date, sort
 * and page live in the URL (another date starts on page 1). The API answers one date at a time, so
 * the firm's history is never read at once.
 */
export function FirmSummaryPage() {
  const [view, update] = useUrlFilters(VIEW_PARAMS, { resets: isPageParam });
  const date = tradingDateParam(view.date);
  const [searchParams] = useSearchParams();
  const sort = serverSortOf(searchParams.get('sort'));
  const summary = useFirmSummary(date, sort);
  const first = summary.data?.pages[0];
  const meta = first?.meta;
  const rows = summary.data?.pages.flatMap((page) => page.data) ?? [];

  const showDate = (next: string) => update({ date: next });

  const dates = meta
    ? [...new Set([...(meta.date ? [meta.date] : []), ...meta.latestDates])].sort((a, b) =>
        b.localeCompare(a),
      )
    : [];

  let body;
  if (summary.isPending) {
    body = <PageLoading label="Loading daily summaries..." />;
  } else if (first === undefined) {
    body = (
      <PageError
        title="Error loading data"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  } else if (first.meta.date === null) {
    body = (
      <PageEmpty
        icon={<LuCalendarX />}
        title="No daily summaries yet"
        description="No trading day has been synced yet."
      />
    );
  } else if (rows.length === 0) {
    body = (
      <PageEmpty
        icon={<LuCalendarX />}
        title="No daily summaries"
        description={`No account has a summary for ${formatDate(first.meta.date)}.`}
      />
    );
  } else {
    const shown = first.meta.date;
    body = (
      <DailySummaryTable
        label="Firm daily summary"
        rows={rows}
        total={first.meta.totals?.rows}
        pages={summary}
        readAll={() => allFirmSummaryRows(shown, sort)}
        withTrader
        fileName={`firm-daily-summary-${shown}.csv`}
      />
    );
  }

  return (
    <Stack gap="4">
      <PageHeader
        title="Firm Daily Summary"
        subtitle={
          meta?.date
            ? `Every account's trading day on ${formatDate(meta.date)}`
            : "Every account's trading day"
        }
      />
      {meta?.date && (
        <HStack gap="2" wrap="wrap">
          <StepButtons
            size="sm"
            previous={
              <>
                <LuChevronLeft /> Previous Day
              </>
            }
            next={
              <>
                Next Day <LuChevronRight />
              </>
            }
            canPrevious={Boolean(meta.previousDate)}
            canNext={Boolean(meta.nextDate)}
            onPrevious={() => meta.previousDate && showDate(meta.previousDate)}
            onNext={() => meta.nextDate && showDate(meta.nextDate)}
          >
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                aria-label="Trading date"
                value={meta.date}
                onChange={(event) => showDate(event.currentTarget.value)}
              >
                {dates.map((option) => (
                  <option key={option} value={option}>
                    {formatDate(option)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </StepButtons>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void summary.refetch()}
            disabled={summary.isFetching}
          >
            <LuRefreshCw /> Refresh
          </Button>
          {summary.isFetching && <Spinner size="sm" role="status" aria-label="Loading" />}
        </HStack>
      )}
      {body}
    </Stack>
  );
}
