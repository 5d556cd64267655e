import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, type Prefetch } from '@/lib/routing';

const prefetchAccount: Prefetch = async ({ params, queryClient }) => {
  if (params.accountId === undefined) return;
  const { accountDetailQueryOptions } = await import('@/api/summaries');
  await queryClient.prefetchQuery(accountDetailQueryOptions(params.accountId));
};

/** An account's page and its Current Summary (spec 000 §2, spec 001 §2.9–2.12). */
export const summariesRoutes: RouteObject[] = [
  page(
    paths.accountDetails,
    () =>
      import('./components/account-details-page').then((m) => ({
        Component: m.AccountDetailsPage,
      })),
    { prefetch: prefetchAccount },
  ),
  page(
    paths.accountSummaryDetail,
    () =>
      import('./components/account-summary-detail-page').then((m) => ({
        Component: m.AccountSummaryDetailPage,
      })),
    { prefetch: prefetchAccount },
  ),
];
