import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The Daily Sync, one sync run (with its rejected rows) and the held breaches with voided dates. */
export const syncRoutes: RouteObject[] = [
  page(
    paths.dailySync,
    () => import('./components/daily-sync-page').then((m) => ({ Component: m.DailySyncPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/sync'),
        (api) => [api.syncRunsQuery(), api.incompleteDatesQuery()],
      ),
    },
  ),
  page(paths.syncRun, () =>
    import('./components/sync-run-page').then((m) => ({ Component: m.SyncRunPage })),
  ),
  page(paths.heldBreaches, () =>
    import('./components/held-breaches-page').then((m) => ({ Component: m.HeldBreachesPage })),
  ),
];
