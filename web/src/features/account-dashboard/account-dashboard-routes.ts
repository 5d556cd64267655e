import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The Account Summary Dashboard (spec 001 §2.7). */
export const accountDashboardRoutes: RouteObject[] = [
  page(
    paths.accountDashboard,
    () =>
      import('./components/account-dashboard-page').then((m) => ({ Component: m.DashboardPage })),
    {
      // The counts, and the first page of the tab the URL opens on.
      prefetch: async ({ search, queryClient }) => {
        const api = await import('@/api/dashboard');
        const tab = search.get('tab') ?? 'overview';
        await Promise.all([
          queryClient.prefetchQuery(api.dashboardStatsQuery()),
          tab === 'overview' &&
            queryClient.prefetchInfiniteQuery(api.dashboardAccountPagesQuery('account')),
          tab === 'top' && queryClient.prefetchInfiniteQuery(api.dashboardAccountPagesQuery('top')),
          tab === 'attention' && queryClient.prefetchInfiniteQuery(api.needsAttentionPagesQuery()),
          tab === 'violations' &&
            Promise.all([
              queryClient.prefetchInfiniteQuery(api.failurePagesQuery()),
              queryClient.prefetchInfiniteQuery(api.violationPagesQuery()),
            ]),
        ]);
      },
    },
  ),
];
