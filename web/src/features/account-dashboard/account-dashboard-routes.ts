import type { RouteObject } from 'react-router-dom';

/** The Account Summary Dashboard (issue 11; spec 001 §2.7). */
export const accountDashboardRoutes: RouteObject[] = [
  {
    path: 'performance/dashboard',
    lazy: () =>
      import('./components/account-dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
];
