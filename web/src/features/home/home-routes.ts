import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The staff's home, and `/hello`, the route table's placeholder (spec 001 §2). */
export const homeRoutes: RouteObject[] = [
  page(
    paths.home,
    () => import('./components/home-page').then((m) => ({ Component: m.HomePage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/dashboard'),
        (api) => [api.todayQuery()],
      ),
    },
  ),
  page(paths.hello, () =>
    import('./components/hello-world-page').then((m) => ({ Component: m.HelloWorldPage })),
  ),
];
