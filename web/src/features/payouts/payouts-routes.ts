import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The staff's Payouts screen: the queue of one status, a payout's detail and the decisions. */
export const payoutsRoutes: RouteObject[] = [
  page(
    paths.payouts,
    () => import('./components/payouts-page').then((m) => ({ Component: m.PayoutsPage })),
    {
      // The API layer and the status reading load with the request, not with the app's entry.
      prefetch: prefetchQueries(
        async () => {
          const [api, status] = await Promise.all([
            import('@/api/payouts'),
            import('./queue-status'),
          ]);
          return { ...api, ...status };
        },
        (api, { search }) => [api.payoutQueueQuery(api.readQueueStatus(search.get('status')))],
      ),
    },
  ),
];

/**
 * The trader's own Payouts page, a page of the trader area (`/traders/payouts`, a static name that
 * wins over the staff's `/traders/:traderId` like the area's other pages), titled as they are.
 */
export const traderPayoutsRoutes: RouteObject[] = [
  page(
    paths.traderPayouts,
    () =>
      import('./components/trader-payouts-page').then((m) => ({ Component: m.TraderPayoutsPage })),
    { title: 'Payouts - Deskline Trader Interface' },
  ),
];
