import { keepPreviousData, skipToken, useQuery, queryOptions } from '@tanstack/react-query';
import { dailySummaryListResponseSchema } from '@shared/summaries/daily-summary';
import { firmSummaryResponseSchema } from '@shared/summaries/daily-summary-query';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import { apiClient } from '@/lib/api-client';

import { accountDetailResponseSchema } from '@shared/summaries/account-detail';

/** Query keys of the daily summary tables, under the summaries root an update invalidates. */
export const dailySummariesKey = ['summaries', 'daily'] as const;

/**
 * The firm's daily summary of one trading date (`GET /api/summaries/firm?date=`), the latest when
 * `date` is undefined. The previous date's rows stay on screen while another date loads.
 */
export function useFirmSummary(date: string | undefined) {
  return useQuery(firmSummaryQuery(date));
}

/** The query of `useFirmSummary`, which the screen's route loader starts. */
export function firmSummaryQuery(date: string | undefined) {
  return queryOptions({
    queryKey: [...dailySummariesKey, 'firm', date ?? 'latest'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/summaries/firm', {
        schema: firmSummaryResponseSchema,
        query: { date },
        signal,
      }),
    placeholderData: keepPreviousData,
    ...PREFETCHED_QUERY,
  });
}

/** Every daily summary row of a trader's accounts (`GET /api/summaries/trader/{traderId}`). */
export function useTraderSummary(traderId: string | undefined) {
  return useQuery(traderSummaryQuery(traderId));
}

/** The query of `useTraderSummary`, which the screen's route loader starts. */
export function traderSummaryQuery(traderId: string | undefined) {
  return queryOptions({
    queryKey: [...dailySummariesKey, 'trader', traderId ?? ''],
    queryFn:
      traderId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/summaries/trader/{traderId}', {
              schema: dailySummaryListResponseSchema,
              params: { traderId },
              signal,
            }),
    ...PREFETCHED_QUERY,
  });
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
