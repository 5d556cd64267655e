import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page, prefetchQueries } from '@/lib/routing';

/** The trader area page of a trader's e-mail choices: `/traders/notifications`. */
export const TRADER_NOTIFICATIONS_PAGE = 'notifications';

/** The staff's Notifications (the events sent) and Webhooks (the firm's endpoints) screens. */
export const notificationsRoutes: RouteObject[] = [
  page(paths.notifications, () =>
    import('./components/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
  ),
  page(
    paths.webhooks,
    () => import('./components/webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
    {
      prefetch: prefetchQueries(
        () => import('@/api/notifications'),
        (api) => [api.webhookEndpointsQuery()],
      ),
    },
  ),
];

/**
 * The trader's Notifications page, in the trader area's layout: a static `/traders/{name}` page like
 * the hub's sections, titled as the area's pages are.
 */
export const traderNotificationsRoutes: RouteObject[] = [
  page(
    paths.traderAreaPage,
    () =>
      import('./components/trader-notifications-page').then((m) => ({
        Component: m.TraderNotificationsPage,
      })),
    {
      path: paths.traderAreaPage.href({ page: TRADER_NOTIFICATIONS_PAGE }),
      title: 'Notifications - Deskline Trader Interface',
    },
  ),
];
