import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The Authentication Debug Console (spec 001 §2.20), inside the admin layout. */
export const debugRoutes: RouteObject[] = [
  page(paths.authDebug, () =>
    import('./components/debug-page').then((m) => ({ Component: m.DebugPage })),
  ),
];
