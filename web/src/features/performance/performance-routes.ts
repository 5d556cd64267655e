import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** Latest Performance, a day's performance details and its conformance detail (spec 001 §2.9–2.12). */
export const performanceRoutes: RouteObject[] = [
  page(paths.latestPerformance, () =>
    import('./components/latest-performance-page').then((m) => ({
      Component: m.LatestPerformancePage,
    })),
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
