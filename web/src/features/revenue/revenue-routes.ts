import type { RouteObject } from 'react-router-dom';

/** Daily revenue (spec 001 §2.13); its nivo charts load with the screen. */
export const revenueRoutes: RouteObject[] = [
  {
    path: 'firm/daily-revenue',
    lazy: () =>
      import('./components/daily-revenue-page').then((m) => ({ Component: m.DailyRevenuePage })),
  },
];
