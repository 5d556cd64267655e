import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { accountDashboardRoutes } from '../features/account-dashboard/account-dashboard-routes';
import { accountsRoutes } from '../features/accounts/accounts-routes';
import { auditRoutes } from '../features/audit/audit-routes';
import { dailySummariesRoutes } from '../features/daily-summaries/daily-summaries-routes';
import { dataQualityRoutes } from '../features/sync/data-quality-routes';
import { debugRoutes } from '../features/debug/debug-routes';
import { firmsRoutes } from '../features/firms/firms-routes';
import { performanceReportRoutes } from '../features/performance-report/performance-report-routes';
import { programsRoutes } from '../features/programs/programs-routes';
import { revenueRoutes } from '../features/revenue/revenue-routes';
import { rulesRoutes } from '../features/rules/rules-routes';
import { traderDetailsRoutes } from '../features/trader-details/trader-details-routes';
import { traderAreaRoutes } from '../features/trader-area/trader-area-routes';
import { tradersRoutes } from '../features/traders/traders-routes';
import { usersRoutes } from '../features/users/users-routes';
import { whatsNewRoutes } from '../features/whats-new/whats-new-routes';
import { StaffLayout } from './layouts/staff-layout';
import { RootLayout } from './root-layout';
import { AppLoading, RouteError } from './route-fallbacks';

/**
 * The route tree. Each area's screens load on first visit (`lazy`), so signing in does not download
 * the whole back office. The API decides access, and its 401 sends the user to sign in (spec 000 §6);
 * the staff layout only sends a signed-in trader to the trader area instead of the staff shell.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        path: 'signin',
        lazy: () =>
          import('../features/auth/components/sign-in-page').then((m) => ({
            Component: m.SignInPage,
          })),
      },
      // Before the admin layout: the trader area's pages, and the pages both roles reach (a trader's
      // dashboard, the status page, not-found), which pick the signed-in user's layout.
      ...traderAreaRoutes,
      {
        Component: StaffLayout,
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/home/components/home-page').then((m) => ({
                Component: m.HomePage,
              })),
          },
          {
            // The route table's placeholder (spec 001 §2, issue 24 #32).
            path: 'hello',
            lazy: () =>
              import('../features/home/components/hello-world-page').then((m) => ({
                Component: m.HelloWorldPage,
              })),
          },
          {
            path: 'dashboard/balance',
            lazy: () =>
              import('../features/balance-demo/components/balance-dashboard-page').then((m) => ({
                Component: m.BalanceDashboardPage,
              })),
          },
          ...accountsRoutes,
          ...programsRoutes,
          ...rulesRoutes,
          ...auditRoutes,
          ...revenueRoutes,
          ...whatsNewRoutes,
          ...firmsRoutes,
          ...tradersRoutes,
          ...traderDetailsRoutes,
          ...accountDashboardRoutes,
          ...performanceReportRoutes,
          ...dailySummariesRoutes,
          ...usersRoutes,
          ...debugRoutes,
          ...dataQualityRoutes,
          {
            path: 'sync/daily',
            lazy: () =>
              import('../features/sync/components/daily-sync-page').then((m) => ({
                Component: m.DailySyncPage,
              })),
          },
          {
            path: 'sync/runs/:runId',
            lazy: () =>
              import('../features/sync/components/sync-run-page').then((m) => ({
                Component: m.SyncRunPage,
              })),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
