import type { RouteDefinition } from '../route-definition';

/**
 * The `payouts` resource's routes: its Lambda (functions/payouts/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const payoutsRoutes = [
  // Payouts. A trader asks for a payout from their own account and may cancel it while it is
  // pending; the eligibility is checked again on the server against the latest judged day. Staff
  // read the trader's payouts too but do not ask or cancel for them (403): `history.by` is always who
  // acted. Staff alone see the queue and decide: approve (optionally less), reject with a reason, mark
  // paid; the queue names every trader's payouts.
  { method: 'GET', path: '/api/payouts', resource: 'payouts', access: 'admin' },
  { method: 'GET', path: '/api/payouts/{payoutId}', resource: 'payouts', access: 'admin' },
  { method: 'POST', path: '/api/payouts/{payoutId}/approve', resource: 'payouts', access: 'admin' },
  { method: 'POST', path: '/api/payouts/{payoutId}/reject', resource: 'payouts', access: 'admin' },
  { method: 'POST', path: '/api/payouts/{payoutId}/pay', resource: 'payouts', access: 'admin' },
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/payouts',
    resource: 'payouts',
    access: 'trader-self',
  },
  {
    method: 'POST',
    path: '/api/accounts/{accountId}/payouts',
    resource: 'payouts',
    access: 'trader-self',
  },
  {
    method: 'POST',
    path: '/api/accounts/{accountId}/payouts/{payoutId}/cancel',
    resource: 'payouts',
    access: 'trader-self',
  },
  {
    method: 'GET',
    path: '/api/traders/{traderId}/payouts',
    resource: 'payouts',
    access: 'trader-self',
  },
] as const satisfies readonly RouteDefinition[];
