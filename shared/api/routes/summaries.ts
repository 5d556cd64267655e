import type { RouteDefinition } from '../route-definition';

/**
 * The `summaries` resource's routes: its Lambda (functions/summaries/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const summariesRoutes = [
  // Summaries: the firm's day (staff only: every account), a trader's days (the trader or staff), each
  // a page of ≤ 200 rows with a cursor and the view's totals, and an account's page.
  { method: 'GET', path: '/api/summaries/firm', resource: 'summaries', access: 'admin' },
  {
    method: 'GET',
    path: '/api/summaries/trader/{traderId}',
    resource: 'summaries',
    access: 'trader-self',
  },
  {
    method: 'GET',
    path: '/api/summaries/account/{accountId}',
    resource: 'summaries',
    access: 'trader-self',
  },
  // The account page's further days (a page of ≤ 200, newest first, with a cursor) and its balance
  // chart's series (one small point per day): the account's trader or staff, like the page itself.
  {
    method: 'GET',
    path: '/api/summaries/account/{accountId}/days',
    resource: 'summaries',
    access: 'trader-self',
  },
  {
    method: 'GET',
    path: '/api/summaries/account/{accountId}/balances',
    resource: 'summaries',
    access: 'trader-self',
  },
] as const satisfies readonly RouteDefinition[];
