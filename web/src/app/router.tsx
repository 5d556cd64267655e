import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { accountDashboardRoutes } from '@/features/account-dashboard/account-dashboard-routes';
import { accountsRoutes } from '@/features/accounts/accounts-routes';
import { auditRoutes } from '@/features/audit/audit-routes';
import { authRoutes } from '@/features/auth/auth-routes';
import { balanceDemoRoutes } from '@/features/balance-demo/balance-demo-routes';
import { dailySummariesRoutes } from '@/features/daily-summaries/daily-summaries-routes';
import { debugRoutes } from '@/features/debug/debug-routes';
import { firmsRoutes } from '@/features/firms/firms-routes';
import { payoutsRoutes, traderPayoutsRoutes } from '@/features/payouts/payouts-routes';
import { homeRoutes } from '@/features/home/home-routes';
import {
  notificationsRoutes,
  traderNotificationsRoutes,
} from '@/features/notifications/notifications-routes';
import { performanceReportRoutes } from '@/features/performance-report/performance-report-routes';
import { performanceRoutes } from '@/features/performance/performance-routes';
import { programsRoutes } from '@/features/programs/programs-routes';
import { reconciliationRoutes } from '@/features/reconciliation/reconciliation-routes';
import { revenueRoutes } from '@/features/revenue/revenue-routes';
import { rulesRoutes } from '@/features/rules/rules-routes';
import { summariesRoutes } from '@/features/summaries/summaries-routes';
import { syncRoutes } from '@/features/sync/sync-routes';
import { traderAreaRoutes, traderLoginRoutes } from '@/features/trader-area/trader-area-routes';
import { traderDetailsRoutes } from '@/features/trader-details/trader-details-routes';
import { sharedTraderRoutes, tradersRoutes } from '@/features/traders/traders-routes';
import { usersRoutes } from '@/features/users/users-routes';
import { whatsNewRoutes } from '@/features/whats-new/whats-new-routes';
import { paths } from '@/config/paths';
import { onAuthFailure } from '@/lib/api-client';
import { page, withPrefetchLoaders } from '@/lib/routing';
import { StaffLayout, staffLayoutHandle } from './layouts/staff-layout';
import { RootLayout } from './root-layout';
import { AppLoading, RouteError } from './route-fallbacks';

/**
 * The route tree: each feature registers its own screens (`features/<name>/<name>-routes.ts`, with
 * the patterns of `config/paths.ts`), and this file puts them in their layouts. Each screen's code
 * loads on first visit (`lazy`), so signing in does not download the whole back office. The API
 * decides access, and its 401 sends the user to sign in (spec 000 §6); the staff layout only sends a
 * signed-in trader to the trader area instead of the staff shell.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      ...authRoutes,
      ...traderLoginRoutes,
      // Before the staff layout: the trader area's pages (decision 5; its hub sections and tools are
      // static `/traders/{name}` routes, which win over the staff's `/traders/:traderId`, decision 3).
      {
        lazy: () =>
          import('./layouts/trader-area-layout').then((m) => ({ Component: m.TraderAreaLayout })),
        children: [...traderAreaRoutes, ...traderPayoutsRoutes, ...traderNotificationsRoutes],
      },
      // Pages both roles reach (a trader's dashboard, the status page, not-found), each in the layout
      // of whoever is signed in. Before the staff layout's, so these are the entries that match.
      {
        lazy: () => import('./layouts/area-layout').then((m) => ({ Component: m.AreaLayout })),
        children: [
          ...sharedTraderRoutes,
          page(paths.notFound, () =>
            import('./layouts/area-layout').then((m) => ({ Component: m.AreaNotFoundPage })),
          ),
        ],
      },
      {
        Component: StaffLayout,
        handle: staffLayoutHandle,
        children: [
          ...homeRoutes,
          ...balanceDemoRoutes,
          ...accountsRoutes,
          ...performanceRoutes,
          ...summariesRoutes,
          ...accountDashboardRoutes,
          ...programsRoutes,
          ...rulesRoutes,
          ...auditRoutes,
          ...revenueRoutes,
          ...whatsNewRoutes,
          ...firmsRoutes,
          ...tradersRoutes,
          ...traderDetailsRoutes,
          ...performanceReportRoutes,
          ...dailySummariesRoutes,
          ...usersRoutes,
          ...debugRoutes,
          ...syncRoutes,
          ...reconciliationRoutes,
          ...payoutsRoutes,
          ...notificationsRoutes,
        ],
      },
    ],
  },
];

/** The app's router; its loaders start each screen's data requests in `queryClient`. */
export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(withPrefetchLoaders(appRoutes, queryClient));
  redirectOnAuthFailure(router);
  return router;
}

/**
 * A forced logout (the API client's 401) sends whoever was signed in to their own sign-in screen,
 * which says why (decision 39; the client has stored the notice). Registered with the router rather
 * than a screen, so a route loader's request that fails before any screen has mounted is handled
 * too. Returns the unsubscribe function.
 */
export function redirectOnAuthFailure(router: {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void>;
}): () => void {
  return onAuthFailure((_message, wasTrader) => {
    void router.navigate(wasTrader ? paths.traderLogin.href() : paths.signIn.href(), {
      replace: true,
    });
  });
}
