import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The Reconciliation of the broker's liquidation floors with the engine's. */
export const reconciliationRoutes: RouteObject[] = [
  page(paths.reconciliation, () =>
    import('./components/reconciliation-page').then((m) => ({
      Component: m.ReconciliationPage,
    })),
  ),
];
