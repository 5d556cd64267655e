import type { RouteDefinition } from '../route-definition';

/**
 * The `dashboard` resource's routes: its Lambda (functions/dashboard/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const dashboardRoutes = [
  // The account summary dashboard (staff).
  {
    method: 'GET',
    path: '/api/account-summaries/admin/dashboard',
    resource: 'dashboard',
    access: 'admin',
  },
  // The dashboard's tabs and attention lists, each a page (≤ 200 rows) of a kept index list with a
  // cursor: All accounts / Top Performers, Needs Attention, accounts with violations, every failed
  // account with its decisive breach. Staff only: they name every trader's accounts.
  {
    method: 'GET',
    path: '/api/account-summaries/admin/dashboard/accounts',
    resource: 'dashboard',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/account-summaries/admin/attention',
    resource: 'dashboard',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/account-summaries/admin/violations',
    resource: 'dashboard',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/account-summaries/admin/failures',
    resource: 'dashboard',
    access: 'admin',
  },
  // The staff home's "today at a glance": last run, the day's failures and passes, closest to
  // breach, worst P&L. Staff only: it names every trader's accounts.
  {
    method: 'GET',
    path: '/api/account-summaries/admin/today',
    resource: 'dashboard',
    access: 'admin',
  },
] as const satisfies readonly RouteDefinition[];
