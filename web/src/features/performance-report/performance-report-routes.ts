import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The Performance Report page of one account-day (spec 000 §2 'Performance Report page'). */
export const performanceReportRoutes: RouteObject[] = [
  page(paths.performanceReport, () =>
    import('./components/performance-report-page').then((m) => ({
      Component: m.PerformanceReportPage,
    })),
  ),
];
