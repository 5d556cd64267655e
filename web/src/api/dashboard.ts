import { queryOptions, useQuery } from '@tanstack/react-query';
import { attentionResponseSchema, dashboardResponseSchema } from '@shared/dashboard/dashboard-api';
import { todayResponseSchema } from '@shared/dashboard/today';
import { apiClient } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';

/** Spec 001 §8: the dashboard's error text. */
export const DASHBOARD_FETCH_ERROR = 'Failed to fetch dashboard data';

/** Query keys of the Account Summary Dashboard: Refresh invalidates the root. */
export const dashboardKey = ['account-summaries', 'dashboard'] as const;

/** Counts and every account's figures (`GET /api/account-summaries/admin/dashboard`). */
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

/** Violations in force and accounts needing attention (`GET /api/account-summaries/admin/attention`). */
export function useDashboardAttention() {
  return useQuery(dashboardAttentionQuery());
}

/** The query of `useDashboardAttention`, which the screen's route loader starts. */
export function dashboardAttentionQuery() {
  return queryOptions({
    queryKey: [...dashboardKey, 'attention'],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/api/account-summaries/admin/attention', {
          schema: attentionResponseSchema,
          signal,
        })
      ).data,
    ...PREFETCHED_QUERY,
  });
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
