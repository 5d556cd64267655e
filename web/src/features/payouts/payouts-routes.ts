import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';
import { readQueueStatus } from './queue-status';

/** The staff's Payouts screen: the queue of one status, a payout's detail and the decisions. */
export const payoutsRoutes: RouteObject[] = [
  page(
    paths.payouts,
    () => import('./components/payouts-page').then((m) => ({ Component: m.PayoutsPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/payouts'),
        (api, { search }) => [api.payoutQueueQuery(readQueueStatus(search.get('status')))],
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
