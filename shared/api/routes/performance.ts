import type { RouteDefinition } from '../route-definition';

/**
 * The `performance` resource's routes: its Lambda (functions/performance/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const performanceRoutes = [
  // Performance: Latest Performance (staff only: every account's figures; a page of ≤ 200 rows, one
  // group or all, sorted and filtered on the server), one account-day's report (its owner may read it)
  // and re-judging an account from a day on.
  { method: 'GET', path: '/api/performance/today', resource: 'performance', access: 'admin' },
  {
    method: 'GET',
    path: '/api/performance/account/{accountId}/{date}',
    resource: 'performance',
    access: 'trader-self',
  },
  {
    method: 'POST',
    path: '/api/performance/regenerate/{accountId}/{date}',
    resource: 'performance',
    access: 'admin',
  },
] as const satisfies readonly RouteDefinition[];
