import type { RouteObject } from 'react-router-dom';

/** Users of the membership system (spec 001 §2.19), inside the admin layout. */
export const usersRoutes: RouteObject[] = [
  {
    path: 'users',
    lazy: () => import('./components/users-page').then((m) => ({ Component: m.UsersPage })),
  },
];
