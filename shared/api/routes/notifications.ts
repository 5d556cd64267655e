import type { RouteDefinition } from '../route-definition';

/**
 * The `notifications` resource's routes: its Lambda (functions/notifications/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const notificationsRoutes = [
  // Notifications: the events sent, the firm's webhook endpoints with their delivery log
  // and a test event (staff), and a trader's own e-mail preferences.
  { method: 'GET', path: '/api/notifications/events', resource: 'notifications', access: 'admin' },
  { method: 'GET', path: '/api/webhooks', resource: 'notifications', access: 'admin' },
  { method: 'POST', path: '/api/webhooks', resource: 'notifications', access: 'admin' },
  { method: 'PUT', path: '/api/webhooks/{endpointId}', resource: 'notifications', access: 'admin' },
  {
    method: 'DELETE',
    path: '/api/webhooks/{endpointId}',
    resource: 'notifications',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/webhooks/{endpointId}/deliveries',
    resource: 'notifications',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/webhooks/{endpointId}/test',
    resource: 'notifications',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/traders/{traderId}/notification-preferences',
    resource: 'notifications',
    access: 'trader-self',
  },
  {
    method: 'PUT',
    path: '/api/traders/{traderId}/notification-preferences',
    resource: 'notifications',
    access: 'trader-self',
  },
] as const satisfies readonly RouteDefinition[];
