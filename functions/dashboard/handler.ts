import type { AttentionResponse, DashboardResponse } from '@shared/dashboard/dashboard-api';
import type { TodayResponse } from '@shared/dashboard/today';
import { createHttpHandler, route } from '../lib/http-handler';
import { accountRepository } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { syncRepository } from '../lib/repositories/sync-repository';
import { attentionDataOf, dashboardDataOf, dashboardRowOf } from './dashboard-rows';
import { todayDataOf } from './today';

export const handler = createHttpHandler('dashboard', {
  'GET /api/account-summaries/admin/dashboard': route({
    async handle(): Promise<DashboardResponse> {
      const sources = await accountRepository.listDashboardSources();
      return { data: dashboardDataOf(sources.map(dashboardRowOf)) };
    },
  }),

  'GET /api/account-summaries/admin/attention': route({
    async handle(): Promise<AttentionResponse> {
      const sources = await accountRepository.listDashboardSources();
      return { data: attentionDataOf(sources, sources.map(dashboardRowOf)) };
    },
  }),

  // Bounded reads: the accounts' summaries (as the dashboard), one run, one date, that date's rows.
  'GET /api/account-summaries/admin/today': route({
    async handle(): Promise<TodayResponse> {
      const [sources, runs, [date = null]] = await Promise.all([
        accountRepository.listDashboardSources(),
        syncRepository.listRuns({ limit: 1 }),
        performanceRepository.latestDates(1),
      ]);
      const dayPnl = date === null ? [] : await performanceRepository.listFiguresByDate(date);
      return { data: todayDataOf({ sources, run: runs.items[0], date, dayPnl }) };
    },
  }),
});
