import type { RouteObject } from 'react-router-dom';

/** The data-quality area (issue 22): held breaches and voided dates, under the sync. */
export const dataQualityRoutes: RouteObject[] = [
  {
    path: 'sync/held-breaches',
    lazy: () =>
      import('./components/held-breaches-page').then((m) => ({ Component: m.HeldBreachesPage })),
  },
];
