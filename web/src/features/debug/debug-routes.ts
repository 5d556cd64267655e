import type { RouteObject } from 'react-router-dom';

/** The Authentication Debug Console (spec 001 §2.20), inside the admin layout. */
export const debugRoutes: RouteObject[] = [
  {
    path: 'debug',
    lazy: () => import('./components/debug-page').then((m) => ({ Component: m.DebugPage })),
  },
];
