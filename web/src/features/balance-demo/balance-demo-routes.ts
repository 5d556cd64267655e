import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The Financial Dashboard: the fixed demo balances of spec 000 §9, not fetched. */
export const balanceDemoRoutes: RouteObject[] = [
  page(paths.balanceDemo, () =>
    import('./components/balance-dashboard-page').then((m) => ({
      Component: m.BalanceDashboardPage,
    })),
  ),
];
