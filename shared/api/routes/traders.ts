import type { RouteDefinition } from '../route-definition';

/**
 * The `traders` resource's routes: its Lambda (functions/traders/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const tradersRoutes = [
  // Traders. `trader-self` routes answer staff and the trader themself (`assertIsTraderOrStaff` of
  // functions/lib/account-access.ts); another trader gets 403. A trader's accounts keep the spec's path
  // under /api/accounts but are served here, with the trader's details: the trader is checked first,
  // and they answer the accounts with their full summary, as the details do.
  { method: 'GET', path: '/api/traders', resource: 'traders', access: 'admin' },
  { method: 'GET', path: '/api/traders/details/{id}', resource: 'traders', access: 'trader-self' },
  { method: 'GET', path: '/api/traders/{traderId}', resource: 'traders', access: 'trader-self' },
  {
    method: 'GET',
    path: '/api/accounts/trader/{traderId}',
    resource: 'traders',
    access: 'trader-self',
  },
] as const satisfies readonly RouteDefinition[];
