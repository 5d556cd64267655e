import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/**
 * A trader's details and account lists (spec 000 §2, spec 001 §2.6; decision 4: overview =
 * 'Accounts Overview for Trader', accounts = 'Accounts for Trader').
 */
export const traderDetailsRoutes: RouteObject[] = [
  page(
    paths.traderDetails,
    () =>
      import('./components/trader-details-page').then((m) => ({ Component: m.TraderDetailsPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/traders'),
        (api, { params }) => [
          params.id === undefined ? undefined : api.traderDetailsQuery(params.id),
        ],
      ),
    },
  ),
  page(paths.traderAccountsOverview, () =>
    import('./components/trader-accounts-page').then((m) => ({
      Component: m.TraderAccountsOverviewPage,
    })),
  ),
  page(paths.traderAccounts, () =>
    import('./components/trader-accounts-page').then((m) => ({
      Component: m.TraderAccountsListPage,
    })),
  ),
];
