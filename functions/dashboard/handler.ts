import type { AttentionResponse, DashboardResponse } from '@shared/dashboard/dashboard-api';
import { createHttpHandler, route } from '../lib/http-handler';
import { accountRepository } from '../lib/repositories/account-repository';
import { attentionDataOf, dashboardDataOf, dashboardRowOf } from './dashboard-rows';

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
});
