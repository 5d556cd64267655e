import type { RouteObject } from 'react-router-dom';

/**
 * The traders area (issue 11): the trader list, a trader's dashboard, the trader status page and the
 * trader summary (spec 000 §2). `/traders/:traderId` shares its pattern with the trader hub's static
 * sections, which win over it (decision 3).
 */
export const tradersRoutes: RouteObject[] = [
  {
    path: 'traders',
    lazy: () =>
      import('./components/trader-list-page').then((m) => ({ Component: m.TraderListPage })),
  },
  {
    path: 'traders/trader-dashboard/:id',
    lazy: () =>
      import('./components/trader-dashboard-page').then((m) => ({
        Component: m.TraderDashboardPage,
      })),
  },
  {
    path: 'trader-manager',
    lazy: () =>
      import('./components/trader-status-page').then((m) => ({ Component: m.TraderStatusPage })),
  },
  {
    path: 'traders/:traderId',
    lazy: () =>
      import('./components/trader-summary-page').then((m) => ({
        Component: m.TraderSummaryPage,
      })),
  },
];
