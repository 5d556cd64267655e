import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  accountDaysResponseSchema,
  balanceSeriesResponseSchema,
  type AccountDetail,
} from '@shared/summaries/account-detail';
import type { DailyPerformance } from '@shared/performance/daily-performance';
import type { NextPages } from '@/components/section/load-more-button';
import { apiClient } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import { accountDetailKey } from './summaries';

/**
 * The account page's days (`GET /api/summaries/account/{accountId}` answers the newest page): the
 * days before them are read a page at a time from `…/days` after the page's `performancesCursor`,
 * only when asked ('Load more'). Kept under the account's query key, so a refresh of the account
 * reads them again.
 */
export function useAccountDays(
  accountId: string,
  detail: Pick<AccountDetail, 'performances' | 'performancesCursor'> | undefined,
): { days: DailyPerformance[]; pages: NextPages } {
  const first = detail?.performancesCursor;
  // Nothing is read before the first 'Load more': most visits never need the older days.
  const [started, setStarted] = useState(false);
  const older = useInfiniteQuery({
    queryKey: [...accountDetailKey(accountId), 'days', first ?? ''],
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/api/summaries/account/{accountId}/days', {
        schema: accountDaysResponseSchema,
        params: { accountId },
        query: { cursor: pageParam },
        signal,
      }),
    initialPageParam: first,
    getNextPageParam: (page) => page.meta.nextCursor,
    enabled: started && first !== undefined,
  });
  const days = [
    ...(detail?.performances ?? []),
    ...(older.data?.pages.flatMap((page) => page.data) ?? []),
  ];
  const pages: NextPages = started
    ? {
        hasNextPage: older.isPending || older.hasNextPage,
        isFetchingNextPage: older.isFetching,
        fetchNextPage: () => older.fetchNextPage(),
      }
    : {
        hasNextPage: first !== undefined,
        isFetchingNextPage: false,
        fetchNextPage: () => {
          setStarted(true);
          return Promise.resolve();
        },
      };
  return { days, pages };
}

/**
 * The balance chart's series of an account (`GET /api/summaries/account/{accountId}/balances`):
 * every day, oldest first, one small point each (balances and the drawdown floor). Shared by the
 * account page and the trader dashboard's chart, so both plot the same balances.
 */
export function accountBalancesQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: [...accountDetailKey(accountId), 'balances'],
    ...PREFETCHED_QUERY,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/api/summaries/account/{accountId}/balances', {
          schema: balanceSeriesResponseSchema,
          params: { accountId },
          signal,
        })
      ).data,
  });
}

export function useAccountBalances(accountId: string) {
  return useQuery(accountBalancesQueryOptions(accountId));
}
