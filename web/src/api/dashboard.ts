import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type * as z from 'zod';
import {
  DASHBOARD_PAGE_SIZE_MAX,
  dashboardAccountsResponseSchema,
  dashboardResponseSchema,
  failuresResponseSchema,
  needsAttentionResponseSchema,
  violationsResponseSchema,
} from '@shared/dashboard/dashboard-api';
import { todayResponseSchema } from '@shared/dashboard/today';
import { apiClient } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';

/** Spec 001 §8: the dashboard's error text. */
export const DASHBOARD_FETCH_ERROR = 'Failed to fetch dashboard data';

/** Query keys of the Account Summary Dashboard: Refresh invalidates the root. */
export const dashboardKey = ['account-summaries', 'dashboard'] as const;

/** The dashboard's counts (`GET /api/account-summaries/admin/dashboard`): kept counters, no rows. */
export function useDashboardStats() {
  return useQuery(dashboardStatsQuery());
}

/** The query of `useDashboardStats`, which the screen's route loader starts. */
export function dashboardStatsQuery() {
  return queryOptions({
    queryKey: [...dashboardKey, 'stats'],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/api/account-summaries/admin/dashboard', {
          schema: dashboardResponseSchema,
          signal,
        })
      ).data,
    ...PREFETCHED_QUERY,
  });
}

type PagedSchema = z.ZodType<{ data: unknown[]; meta: { nextCursor?: string } }>;

/**
 * A paged dashboard list: its first page, then each after the previous page's `nextCursor`; pages
 * of the largest size (200 rows, ~100 KB), so a firm of a few hundred accounts reads one or two.
 */
function pagesQuery<Schema extends PagedSchema>(
  name: string,
  path: Parameters<typeof apiClient.get>[0],
  schema: Schema,
  query: Record<string, string> = {},
) {
  return infiniteQueryOptions({
    queryKey: [...dashboardKey, name, query],
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(path, {
        schema,
        query: { ...query, limit: DASHBOARD_PAGE_SIZE_MAX, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: z.infer<Schema>) => page.meta.nextCursor,
    ...PREFETCHED_QUERY,
  });
}

/** The Overview's All accounts by id, or Top Performers (`.../dashboard/accounts?order=top`). */
export function dashboardAccountPagesQuery(order: 'account' | 'top') {
  return pagesQuery(
    'accounts',
    '/api/account-summaries/admin/dashboard/accounts',
    dashboardAccountsResponseSchema,
    order === 'top' ? { order } : {},
  );
}

export function useDashboardAccountPages(order: 'account' | 'top') {
  return useInfiniteQuery(dashboardAccountPagesQuery(order));
}

/** Needs Attention (`GET /api/account-summaries/admin/attention`), by account. */
export function needsAttentionPagesQuery() {
  return pagesQuery(
    'attention',
    '/api/account-summaries/admin/attention',
    needsAttentionResponseSchema,
  );
}

export function useNeedsAttentionPages() {
  return useInfiniteQuery(needsAttentionPagesQuery());
}

/** Accounts with violations in force or decisive, the newest violation first. */
export function violationPagesQuery() {
  return pagesQuery(
    'violations',
    '/api/account-summaries/admin/violations',
    violationsResponseSchema,
  );
}

export function useViolationPages() {
  return useInfiniteQuery(violationPagesQuery());
}

/** Every failed account with its decisive breach, the latest failure first. */
export function failurePagesQuery() {
  return pagesQuery('failures', '/api/account-summaries/admin/failures', failuresResponseSchema);
}

export function useFailurePages() {
  return useInfiniteQuery(failurePagesQuery());
}

/** The staff home's today at a glance (`GET /api/account-summaries/admin/today`). */
export function useTodayAtAGlance() {
  return useQuery(todayQuery());
}

/** The query of `useTodayAtAGlance`, which the home's route loader starts. */
export function todayQuery() {
  return queryOptions({
    queryKey: [...dashboardKey, 'today'],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/api/account-summaries/admin/today', {
          schema: todayResponseSchema,
          signal,
        })
      ).data,
    ...PREFETCHED_QUERY,
  });
}
