import type { RouteObject } from 'react-router-dom';

/**
 * A trader's details and account lists, and the Account Summary Dashboard (issue 11; spec 000 §2,
 * spec 001 §2.6–2.7; decision 4: overview = 'Accounts Overview for Trader', accounts = 'Accounts for
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
  {
    path: 'performance/dashboard',
    lazy: () => import('./components/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
];
