import type { RouteDefinition } from '../route-definition';

/**
 * The `amember` resource's routes: its Lambda (functions/amember/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const amemberRoutes = [
  // The membership system. `config` is public: the SPA needs the membership site's and tools' URLs
  // before anyone signs in. A tool's status (an answer about the tool) and the client login (the
  // caller's own membership user, from the token's claims) are for any signed-in user; members and
  // their sync are staff only.
  { method: 'GET', path: '/api/amember/config', resource: 'amember', access: 'public' },
  {
    method: 'GET',
    path: '/api/amember/tools/{toolId}/status',
    resource: 'amember',
    access: 'trader-self',
  },
  { method: 'POST', path: '/api/amember/client-login', resource: 'amember', access: 'trader-self' },
  { method: 'GET', path: '/api/amember/users', resource: 'amember', access: 'admin' },
  { method: 'POST', path: '/api/amember/users', resource: 'amember', access: 'admin' },
  {
    method: 'GET',
    path: '/api/amember/users/{userId}/rithmic-password',
    resource: 'amember',
    access: 'admin',
  },
  { method: 'GET', path: '/api/amember/sync-status', resource: 'amember', access: 'admin' },
  { method: 'POST', path: '/api/amember/sync', resource: 'amember', access: 'admin' },
] as const satisfies readonly RouteDefinition[];
