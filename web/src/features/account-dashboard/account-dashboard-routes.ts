import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The Account Summary Dashboard (spec 001 §2.7). */
export const accountDashboardRoutes: RouteObject[] = [
  page(
    paths.accountDashboard,
    () =>
      import('./components/account-dashboard-page').then((m) => ({ Component: m.DashboardPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/dashboard'),
        (api) => [api.dashboardStatsQuery(), api.dashboardAttentionQuery()],
      ),
    },
  ),
];
