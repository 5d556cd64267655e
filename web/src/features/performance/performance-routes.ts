import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';
import { tradingDateParam } from '@/lib/url-state';
import { listStatusParam } from './performance-sort';

/** Latest Performance, a day's performance details and its conformance detail (spec 001 §2.9–2.12). */
export const performanceRoutes: RouteObject[] = [
  page(
    paths.latestPerformance,
    () =>
      import('./components/latest-performance-page').then((m) => ({
        Component: m.LatestPerformancePage,
      })),
    {
      // The day in the address (`?date=`), else the latest, and the status filter (`?status=`).
      prefetch: prefetchQueries(
        () => import('@/api/performance'),
        (api, { search }) => [
          api.latestPerformanceQuery(
            tradingDateParam(search.get('date')),
            listStatusParam(search.get('status')),
          ),
        ],
      ),
    },
  ),
  page(paths.dailyPerformance, () =>
    import('./components/daily-performance-page').then((m) => ({
      Component: m.DailyPerformancePage,
    })),
  ),
  page(paths.conformanceDetail, () =>
    import('./components/conformance-detail-page').then((m) => ({
      Component: m.ConformanceDetailPage,
    })),
  ),
];
