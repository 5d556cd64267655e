import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';
import { tradingDateParam } from '@/lib/url-state';
import { serverSortOf } from './daily-summary-sort';

/** The firm's and a trader's daily summary tables (spec 001 §2, §3 daily summary row). */
export const dailySummariesRoutes: RouteObject[] = [
  page(
    paths.firmDailySummary,
    () => import('./components/firm-summary-page').then((m) => ({ Component: m.FirmSummaryPage })),
    {
      prefetch: async ({ search, queryClient }) => {
        const { firmSummaryQuery } = await import('@/api/summaries');
        await queryClient.prefetchInfiniteQuery(
          firmSummaryQuery(tradingDateParam(search.get('date')), serverSortOf(search.get('sort'))),
        );
      },
    },
  ),
  page(
    paths.traderDailySummary,
    () =>
      import('./components/trader-summary-page').then((m) => ({ Component: m.TraderSummaryPage })),
    {
      prefetch: async ({ params, search, queryClient }) => {
        if (!params.traderId) return;
        const { traderSummaryQuery } = await import('@/api/summaries');
        await queryClient.prefetchInfiniteQuery(
          traderSummaryQuery(params.traderId, serverSortOf(search.get('sort'))),
        );
      },
    },
  ),
];
