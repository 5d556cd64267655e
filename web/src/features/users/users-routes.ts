import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** Users of the membership system (spec 001 §2.19), inside the admin layout. */
export const usersRoutes: RouteObject[] = [
  page(
    paths.users,
    () => import('./components/users-page').then((m) => ({ Component: m.UsersPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/amember'),
        (api) => [api.membershipUsersQuery()],
      ),
    },
  ),
];
