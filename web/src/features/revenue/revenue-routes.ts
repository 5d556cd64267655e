import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** Daily revenue (spec 001 §2.13); its nivo charts load with the screen. */
export const revenueRoutes: RouteObject[] = [
  page(
    paths.dailyRevenue,
    () =>
      import('./components/daily-revenue-page').then((m) => ({ Component: m.DailyRevenuePage })),
    {
      prefetch: prefetchQueries(
        async () => {
          const [api, view] = await Promise.all([
            import('@/api/revenue'),
            import('./revenue-view'),
          ]);
          return { ...api, ...view };
        },
        (api, { search }) => [api.dailyRevenueQuery(api.readRevenueView(search))],
      ),
    },
  ),
];
