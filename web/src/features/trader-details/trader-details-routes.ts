import type { RouteObject } from 'react-router-dom';

/**
 * A trader's details and account lists (issue 11; spec 000 §2, spec 001 §2.6; decision 4: overview = 'Accounts Overview for Trader', accounts = 'Accounts for
 * Trader').
 */
export const traderDetailsRoutes: RouteObject[] = [
  {
    path: 'traders/:id/details',
    lazy: () =>
      import('./components/trader-details-page').then((m) => ({
        Component: m.TraderDetailsPage,
      })),
  },
  {
    path: 'traders/:id/overview',
    lazy: () =>
      import('./components/trader-accounts-page').then((m) => ({
        Component: m.TraderAccountsOverviewPage,
      })),
  },
  {
    path: 'traders/:id/accounts',
    lazy: () =>
      import('./components/trader-accounts-page').then((m) => ({
        Component: m.TraderAccountsListPage,
      })),
  },
];
