import type { RouteObject } from 'react-router-dom';

/**
 * The accounts area (issue 17): All Accounts, Latest Performance, the account page and its Current
 * Summary, a day's performance details and its conformance detail (spec 000 §2, spec 001 §2.9–2.12).
 */
export const accountsRoutes: RouteObject[] = [
  {
    path: 'accounts',
    lazy: () => import('./components/accounts-page').then((m) => ({ Component: m.AccountsPage })),
  },
  {
    path: 'performance/today',
    lazy: () =>
      import('../performance/components/latest-performance-page').then((m) => ({
        Component: m.LatestPerformancePage,
      })),
  },
  {
    path: 'performance/daily/:accountId/:date',
    lazy: () =>
      import('../performance/components/daily-performance-page').then((m) => ({
        Component: m.DailyPerformancePage,
      })),
  },
  {
    path: 'sync/conformance/detail',
    lazy: () =>
      import('../performance/components/conformance-detail-page').then((m) => ({
        Component: m.ConformanceDetailPage,
      })),
  },
  {
    path: 'summaries/account/:accountId',
    lazy: () =>
      import('../summaries/components/account-details-page').then((m) => ({
        Component: m.AccountDetailsPage,
      })),
  },
  {
    path: 'summaries/account/:accountId/detail',
    lazy: () =>
      import('../summaries/components/account-summary-detail-page').then((m) => ({
        Component: m.AccountSummaryDetailPage,
      })),
  },
];
