import { revenueQuerySchema, type RevenueResponse } from '@shared/revenue/daily-revenue';
import { revenueRoutes } from '@shared/api/routes/revenue';
import { createHttpHandler, route } from '../lib/http-handler';
import { revenueRepository } from '../lib/repositories/revenue-repository';

/** Daily revenue by provider (spec 001 §2.13, §7): one read of a date range, amounts in cents. */
export const handler = createHttpHandler(revenueRoutes, {
  'GET /api/firms/daily-revenue': route({
    query: revenueQuerySchema,
    async handle({ query }): Promise<RevenueResponse> {
      const data = await revenueRepository.listByDateRange(query);
      return { success: true, data };
    },
  }),
});
