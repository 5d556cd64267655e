import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The What's New admin screen (spec 001 §2.16); the modal itself lives in the shells. */
export const whatsNewRoutes: RouteObject[] = [
  page(
    paths.whatsNewAdmin,
    () =>
      import('./components/whats-new-admin-page').then((m) => ({ Component: m.WhatsNewAdminPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/whats-new'),
        (api) => [api.releasesQuery(), api.releaseStatsQuery()],
      ),
    },
  ),
];
