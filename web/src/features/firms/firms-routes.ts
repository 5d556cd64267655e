import type { RouteObject } from 'react-router-dom';

/** The firms area (spec 001 §2.21): list, create, detail, edit; each screen loads on first visit. */
export const firmsRoutes: RouteObject[] = [
  {
    path: 'firms',
    lazy: () => import('./components/firms-page').then((m) => ({ Component: m.FirmsPage })),
  },
  {
    path: 'firms/create',
    lazy: () =>
      import('./components/firm-form-page').then((m) => ({ Component: m.FirmCreatePage })),
  },
  {
    path: 'firms/:id',
    lazy: () =>
      import('./components/firm-detail-page').then((m) => ({ Component: m.FirmDetailPage })),
  },
  {
    path: 'firms/:id/edit',
    lazy: () => import('./components/firm-form-page').then((m) => ({ Component: m.FirmEditPage })),
  },
];
