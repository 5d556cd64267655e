import type { RouteObject } from 'react-router-dom';

/** The What's New admin screen (spec 001 §2.16); the modal itself lives in the admin shell. */
export const whatsNewRoutes: RouteObject[] = [
  {
    path: 'whats-new-admin',
    lazy: () =>
      import('./components/whats-new-admin-page').then((m) => ({
        Component: m.WhatsNewAdminPage,
      })),
  },
];
