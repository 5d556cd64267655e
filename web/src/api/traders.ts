import {
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useQueries,
  useQuery,
  queryOptions,
  infiniteQueryOptions,
} from '@tanstack/react-query';
import { traderAccountListResponseSchema } from '@shared/traders/trader-account';
import { traderDetailsSchema } from '@shared/traders/trader-details';
import { traderListResponseSchema } from '@shared/traders/trader-list';
import { traderSchema } from '@shared/traders/trader';
import { apiClient } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import { accountBalancesQueryOptions } from '@/api/account-days';
import type { BalanceSeriesPoint } from '@shared/summaries/account-detail';

/** Query keys of the trader screens: one root, so a refresh can invalidate them all. */
export const tradersKey = ['traders'] as const;

/**
 * One page of traders (`GET /api/traders`): `search` matches id, names and email; `cursor` is the
 * previous page's `meta.nextCursor`. The previous page stays on screen while the next one loads.
 */
export function useTraders(search: string, cursor: string | undefined) {
  return useQuery({
    queryKey: [...tradersKey, 'list', search, cursor ?? ''],
    queryFn: ({ signal }) =>
      apiClient.get('/api/traders', {
        schema: traderListResponseSchema,
        query: { search: search || undefined, cursor },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One trader (`GET /api/traders/{traderId}`); the membership password only reaches staff. */
export function useTrader(traderId: string | undefined) {
  return useQuery({
    queryKey: [...tradersKey, 'trader', traderId ?? ''],
    queryFn:
      traderId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/traders/{traderId}', {
              schema: traderSchema,
              params: { traderId },
              signal,
            }),
  });
}

/**
 * A trader with their accounts and their phases' rules (`GET /api/traders/details/{id}`); the id is a
 * trader id or a broker user id (decision 6).
 */
export function useTraderDetails(id: string | undefined) {
  return useQuery(traderDetailsQuery(id));
}

/** The query of `useTraderDetails`, which the screen's route loader starts. */
export function traderDetailsQuery(id: string | undefined) {
  return queryOptions({
    queryKey: [...tradersKey, 'details', id ?? ''],
    queryFn:
      id === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/traders/details/{id}', {
              schema: traderDetailsSchema,
              params: { id },
              signal,
            }),
    ...PREFETCHED_QUERY,
  });
}

/** A trader's accounts with their summaries (`GET /api/accounts/trader/{traderId}`), in id order. */
export function useTraderAccounts(traderId: string | undefined) {
  return useQuery({
    queryKey: [...tradersKey, 'accounts', traderId ?? ''],
    queryFn:
      traderId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/accounts/trader/{traderId}', {
              schema: traderAccountListResponseSchema,
              params: { traderId },
              signal,
            }),
  });
}

/**
 * The trader list as the cards grid reads it (`GET /api/traders`): the first page of `search`, then
 * each further page after the previous page's `nextCursor` ('Load more').
 */
export function useTraderPages(search: string) {
  return useInfiniteQuery(traderPagesQuery(search));
}

/** The query of `useTraderPages`, which the screen's route loader starts. */
export function traderPagesQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: [...tradersKey, 'pages', search],
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/api/traders', {
        schema: traderListResponseSchema,
        query: { search: search || undefined, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor,
    ...PREFETCHED_QUERY,
  });
}

export interface AccountHistory {
  accountId: string;
  /** The account's balance series, oldest first (one point a day). */
  balances: BalanceSeriesPoint[] | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/**
 * The daily balances of each account (`GET /api/summaries/account/{accountId}/balances`), the data
 * source and cache entry of the account page's balance chart, so both screens plot the same balances.
 */
export function useAccountHistories(accountIds: readonly string[]): AccountHistory[] {
  return useQueries({
    queries: accountIds.map((accountId) => accountBalancesQueryOptions(accountId)),
    combine: (results) =>
      results.map((result, index) => ({
        accountId: accountIds[index] as string,
        balances: result.data,
        isPending: result.isPending,
        error: result.error,
        refetch: result.refetch,
      })),
  });
}
