import {
  infiniteQueryOptions,
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useQuery,
  queryOptions,
} from '@tanstack/react-query';
import {
  firmSummaryResponseSchema,
  traderSummaryResponseSchema,
} from '@shared/summaries/daily-summary-query';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import { apiClient } from '@/lib/api-client';

import { accountDetailResponseSchema } from '@shared/summaries/account-detail';

/** Query keys of the daily summary tables, under the summaries root an update invalidates. */
export const dailySummariesKey = ['summaries', 'daily'] as const;

/** The server's sort of a daily summary table: its first column (`-pnl`), else its default. */
export type SummarySort = string | undefined;

/**
 * The firm's daily summary of one trading date (`GET /api/summaries/firm?date=&sort=`), the latest
 * when `date` is undefined, a page (≤ 200 rows) at a time in the server's order: the first page,
 * then each further page after the previous one's `nextCursor` ('Load more'). The previous date's
 * rows stay on screen while another date loads.
 */
export function useFirmSummary(date: string | undefined, sort?: SummarySort) {
  return useInfiniteQuery(firmSummaryQuery(date, sort));
}

function getFirmPage(
  date: string | undefined,
  sort: SummarySort,
  cursor?: string,
  signal?: AbortSignal,
) {
  return apiClient.get('/api/summaries/firm', {
    schema: firmSummaryResponseSchema,
    query: { date, sort, cursor },
    signal,
  });
}

/** The query of `useFirmSummary`, which the screen's route loader starts. */
export function firmSummaryQuery(date: string | undefined, sort?: SummarySort) {
  return infiniteQueryOptions({
    queryKey: [...dailySummariesKey, 'firm', date ?? 'latest', sort ?? ''],
    queryFn: ({ pageParam, signal }) => getFirmPage(date, sort, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor,
    placeholderData: keepPreviousData,
    ...PREFETCHED_QUERY,
  });
}

/**
 * Every row of a view read page by page (each call bounded), for Export CSV: `first` is the page
 * already shown, `next` reads the page after a cursor.
 */
export async function allRows<Row>(
  first: { data: Row[]; meta?: { nextCursor?: string | undefined } | undefined },
  next: (
    cursor: string,
  ) => Promise<{ data: Row[]; meta?: { nextCursor?: string | undefined } | undefined }>,
): Promise<Row[]> {
  const rows = [...first.data];
  let cursor = first.meta?.nextCursor;
  while (cursor !== undefined) {
    const page = await next(cursor);
    rows.push(...page.data);
    cursor = page.meta?.nextCursor;
  }
  return rows;
}

/** Every row of the firm summary of `date` in the server's order, read page by page (CSV). */
export async function allFirmSummaryRows(date: string, sort: SummarySort) {
  return allRows(await getFirmPage(date, sort), (cursor) => getFirmPage(date, sort, cursor));
}

function getTraderPage(traderId: string, sort: SummarySort, cursor?: string, signal?: AbortSignal) {
  return apiClient.get('/api/summaries/trader/{traderId}', {
    schema: traderSummaryResponseSchema,
    params: { traderId },
    query: { sort, cursor },
    signal,
  });
}

/**
 * A trader's daily summary rows (`GET /api/summaries/trader/{traderId}?sort=`), newest first unless
 * sorted, a page (≤ 200 rows) at a time ('Load more').
 */
export function useTraderSummary(traderId: string | undefined, sort?: SummarySort) {
  return useInfiniteQuery(traderSummaryQuery(traderId, sort));
}

/** The query of `useTraderSummary`, which the screen's route loader starts. */
export function traderSummaryQuery(traderId: string | undefined, sort?: SummarySort) {
  return infiniteQueryOptions({
    queryKey: [...dailySummariesKey, 'trader', traderId ?? '', sort ?? ''],
    queryFn:
      traderId === undefined
        ? skipToken
        : ({ pageParam, signal }) => getTraderPage(traderId, sort, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta?.nextCursor,
    ...PREFETCHED_QUERY,
  });
}

/** Every row of a trader's daily summary in the server's order, read page by page (CSV). */
export async function allTraderSummaryRows(traderId: string, sort: SummarySort) {
  return allRows(await getTraderPage(traderId, sort), (cursor) =>
    getTraderPage(traderId, sort, cursor),
  );
}

export const accountDetailKey = (accountId: string) => ['summaries', 'account', accountId] as const;

/**
 * The account page's data (`GET /api/summaries/account/{accountId}`): account, program version,
 * summary, days newest first, rule definitions and comments. Exported as query options so another
 * screen reading the same account (the trader dashboard's balance chart) shares its cache entry.
 */
export function accountDetailQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: accountDetailKey(accountId),
    ...PREFETCHED_QUERY,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/api/summaries/account/{accountId}', {
          schema: accountDetailResponseSchema,
          params: { accountId },
          signal,
        })
      ).data,
  });
}

export function useAccountDetail(accountId: string | undefined) {
  const options = accountDetailQueryOptions(accountId ?? '');
  return useQuery({
    ...options,
    queryFn: accountId === undefined ? skipToken : options.queryFn,
  });
}
