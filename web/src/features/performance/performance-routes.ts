import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** Latest Performance, a day's performance details and its conformance detail (spec 001 §2.9–2.12). */
export const performanceRoutes: RouteObject[] = [
  page(
    paths.latestPerformance,
    () =>
      import('./components/latest-performance-page').then((m) => ({
        Component: m.LatestPerformancePage,
      })),
    {
      // The latest day; a day picked in the address (`?date=`) is the screen's own to ask for.
      prefetch: async ({ search, queryClient }) => {
        if (search.has('date')) return;
        const { latestPerformanceQuery } = await import('@/api/performance');
        await queryClient.prefetchQuery(latestPerformanceQuery());
      },
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
