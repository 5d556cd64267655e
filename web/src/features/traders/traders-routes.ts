import type { RouteObject } from 'react-router-dom';

/**
 * The traders area (issue 11): the trader list and the trader summary (spec 000 §2). A trader's
 * dashboard and the trader status page are pages staff and traders share: the trader area registers
 * them, in the layout of whoever is signed in (`web/src/features/trader-area/trader-area-routes.ts`). `/traders/:traderId` shares its pattern with the trader hub's static
 * sections, which win over it (decision 3).
 */
export const tradersRoutes: RouteObject[] = [
  {
    path: 'traders',
    lazy: () =>
      import('./components/trader-list-page').then((m) => ({ Component: m.TraderListPage })),
  },
  {
    path: 'traders/:traderId',
    lazy: () =>
      import('./components/trader-summary-page').then((m) => ({
        Component: m.TraderSummaryPage,
      })),
  },
];
