import {
  dashboardAccountsQuerySchema,
  dashboardPageQuerySchema,
  type DashboardAccountsResponse,
  type DashboardPageQuery,
  type DashboardResponse,
  type DashboardRow,
  type FailedAccount,
  type FailuresResponse,
  type NeedsAttentionAccount,
  type NeedsAttentionResponse,
  type ViolationsResponse,
} from '@shared/dashboard/dashboard-api';
import type { AttentionAccount } from '@shared/dashboard/dashboard';
import type { TodayResponse } from '@shared/dashboard/today';
import { dashboardRoutes } from '@shared/api/routes/dashboard';
import { DASHBOARD_SCOPE, LISTS } from '../lib/aggregates/account-aggregates';
import { readCounts, readIndexPage } from '../lib/aggregates/store';
import { createHttpHandler, route } from '../lib/http-handler';
import { syncRepository } from '../lib/repositories/sync-repository';
import { dashboardDataOf } from './dashboard-rows';
import { readToday } from './today';

/** One page of a kept index list, as the paged routes answer it. */
async function pageOf<Row>(list: string, query: DashboardPageQuery) {
  const page = await readIndexPage<Row>(list, query.limit, query.cursor);
  return {
    data: page.items,
    meta: { limit: query.limit, ...(page.nextCursor && { nextCursor: page.nextCursor }) },
  };
}

/*
 * The Account Summary Dashboard and the home glance read kept aggregates (functions/lib/aggregates):
 * the counts are a few counter items, each list a page of its index partition, so no answer grows
 * with the number of accounts.
 */
export const handler = createHttpHandler(dashboardRoutes, {
  'GET /api/account-summaries/admin/dashboard': route({
    async handle(): Promise<DashboardResponse> {
      return { data: dashboardDataOf(await readCounts(DASHBOARD_SCOPE)) };
    },
  }),

  'GET /api/account-summaries/admin/dashboard/accounts': route({
    query: dashboardAccountsQuerySchema,
    handle({ query }): Promise<DashboardAccountsResponse> {
      return pageOf<DashboardRow>(query.order === 'top' ? LISTS.top : LISTS.accounts, query);
    },
  }),

  'GET /api/account-summaries/admin/attention': route({
    query: dashboardPageQuerySchema,
    handle({ query }): Promise<NeedsAttentionResponse> {
      return pageOf<NeedsAttentionAccount>(LISTS.needsAttention, query);
    },
  }),

  'GET /api/account-summaries/admin/violations': route({
    query: dashboardPageQuerySchema,
    handle({ query }): Promise<ViolationsResponse> {
      return pageOf<AttentionAccount>(LISTS.violations, query);
    },
  }),

  'GET /api/account-summaries/admin/failures': route({
    query: dashboardPageQuerySchema,
    handle({ query }): Promise<FailuresResponse> {
      return pageOf<FailedAccount>(LISTS.failures, query);
    },
  }),

  // Bounded reads: the latest run, the latest date, that date's kept counts and short lists.
  'GET /api/account-summaries/admin/today': route({
    async handle(): Promise<TodayResponse> {
      const runs = await syncRepository.listRuns({ limit: 1 });
      return { data: await readToday(runs.items[0]) };
    },
  }),
});
