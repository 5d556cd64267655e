import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The Daily Sync, one sync run (with its rejected rows) and the held breaches with voided dates. */
export const syncRoutes: RouteObject[] = [
  page(
    paths.dailySync,
    () => import('./components/daily-sync-page').then((m) => ({ Component: m.DailySyncPage })),
    {
      prefetch: async ({ queryClient }) => {
        const { incompleteDatesQuery, syncRunsQuery } = await import('@/api/sync');
        await Promise.all([
          queryClient.prefetchQuery(syncRunsQuery()),
          queryClient.prefetchQuery(incompleteDatesQuery()),
        ]);
      },
    },
  ),
  page(paths.syncRun, () =>
    import('./components/sync-run-page').then((m) => ({ Component: m.SyncRunPage })),
  ),
  page(paths.heldBreaches, () =>
    import('./components/held-breaches-page').then((m) => ({ Component: m.HeldBreachesPage })),
  ),
];
