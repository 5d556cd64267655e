import type { RouteDefinition } from '../route-definition';

/**
 * The `accounts` resource's routes: its Lambda (functions/accounts/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const accountsRoutes = [
  // Accounts. `trader-self` routes answer staff and the trader who owns the account
  // (`assertOwnsAccount` of functions/lib/account-access.ts); every change is staff only.
  { method: 'GET', path: '/api/accounts', resource: 'accounts', access: 'admin' },
  // All Accounts' overview card (totals of every account): staff only, as the list it heads.
  { method: 'GET', path: '/api/accounts/overview', resource: 'accounts', access: 'admin' },
  {
    method: 'POST',
    path: '/api/accounts/force-program-update',
    resource: 'accounts',
    access: 'admin',
  },
  { method: 'GET', path: '/api/accounts/{accountId}', resource: 'accounts', access: 'trader-self' },
  // An account's evidence pack (docs/evidence-pack.md), a JSON download: staff, and the trader who owns
  // the account so they can re-check their own verdict; anyone else the 404 of an unknown account.
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/evidence',
    resource: 'accounts',
    access: 'trader-self',
  },
  // The verdict explained and the account's path: staff, and the trader who owns the account (a
  // trader must be able to check why their own account failed); another trader gets 404.
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/verdict',
    resource: 'accounts',
    access: 'trader-self',
  },
  { method: 'PUT', path: '/api/accounts/{accountId}', resource: 'accounts', access: 'admin' },
  {
    method: 'POST',
    path: '/api/accounts/{accountId}/refresh',
    resource: 'accounts',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/accounts/{accountId}/reset',
    resource: 'accounts',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/accounts/{accountId}/comments',
    resource: 'accounts',
    access: 'admin',
  },
] as const satisfies readonly RouteDefinition[];
