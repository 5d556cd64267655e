import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** All Accounts (spec 000 §2). */
export const accountsRoutes: RouteObject[] = [
  page(
    paths.accounts,
    () => import('./components/accounts-page').then((m) => ({ Component: m.AccountsPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/accounts'),
        (api) => [api.accountsQuery()],
      ),
    },
  ),
];
