import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** All Accounts (spec 000 §2). */
export const accountsRoutes: RouteObject[] = [
  page(
    paths.accounts,
    () => import('./components/accounts-page').then((m) => ({ Component: m.AccountsPage })),
    {
      prefetch: async ({ search, queryClient }) => {
        const [{ accountPagesQuery }, { accountListFiltersOfUrl }] = await Promise.all([
          import('@/api/accounts'),
          import('./account-list'),
        ]);
        await queryClient.prefetchInfiniteQuery(accountPagesQuery(accountListFiltersOfUrl(search)));
      },
    },
  ),
];
