import type { RouteObject } from 'react-router-dom';

/** The Performance Report page of one account-day (issue 11; spec 000 §2 'Performance Report page'). */
export const performanceReportRoutes: RouteObject[] = [
  {
    path: 'traders/:id/performance/:accountId/:date',
    lazy: () =>
      import('./components/performance-report-page').then((m) => ({
        Component: m.PerformanceReportPage,
      })),
  },
];
