import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';
import { tradingDateParam } from '@/lib/url-state';

/** The firm's and a trader's daily summary tables (spec 001 §2, §3 daily summary row). */
export const dailySummariesRoutes: RouteObject[] = [
  page(
    paths.firmDailySummary,
    () => import('./components/firm-summary-page').then((m) => ({ Component: m.FirmSummaryPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/summaries'),
        (api, { search }) => [api.firmSummaryQuery(tradingDateParam(search.get('date')))],
      ),
    },
  ),
  page(
    paths.traderDailySummary,
    () =>
      import('./components/trader-summary-page').then((m) => ({ Component: m.TraderSummaryPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/summaries'),
        (api, { params }) => [
          params.traderId ? api.traderSummaryQuery(params.traderId) : undefined,
        ],
      ),
    },
  ),
];
