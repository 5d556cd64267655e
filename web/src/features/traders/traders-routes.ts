import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** A trader's dashboard asks for the trader with their accounts first. */
const prefetchTraderDetails = prefetchQueries(
  () => import('@/api/traders'),
  (api, { params }) => [params.id === undefined ? undefined : api.traderDetailsQuery(params.id)],
);

/**
 * The traders area: the trader list and the trader summary (spec 000 §2).
 * `/traders/:traderId` shares its pattern with the trader hub's static sections, which win over it
 * (decision 3).
 */
export const tradersRoutes: RouteObject[] = [
  page(
    paths.traders,
    () => import('./components/trader-list-page').then((m) => ({ Component: m.TraderListPage })),
    {
      prefetch: async ({ search, queryClient }) => {
        const { traderPagesQuery } = await import('@/api/traders');
        await queryClient.prefetchInfiniteQuery(traderPagesQuery(search.get('q') ?? ''));
      },
    },
  ),
  page(paths.traderSummary, () =>
    import('./components/trader-summary-page').then((m) => ({ Component: m.TraderSummaryPage })),
  ),
];

/**
 * Pages staff and traders share: a trader's dashboard and the trader status page (the
 * screens). The app puts them in the layout of whoever is signed in.
 */
export const sharedTraderRoutes: RouteObject[] = [
  page(
    paths.traderDashboard,
    () =>
      import('./components/trader-dashboard-page').then((m) => ({
        Component: m.TraderDashboardPage,
      })),
    { prefetch: prefetchTraderDetails },
  ),
  page(paths.traderManager, () =>
    import('./components/trader-status-page').then((m) => ({ Component: m.TraderStatusPage })),
  ),
];
