import type { RouteDefinition } from '../route-definition';

/**
 * The `firms` resource's routes: its Lambda (functions/firms/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const firmsRoutes = [
  // Firms. Only `GET /api/firms/{id}` answers a firm's secrets; lists and search leave them out.
  { method: 'GET', path: '/api/firms', resource: 'firms', access: 'admin' },
  { method: 'GET', path: '/api/firms/stats', resource: 'firms', access: 'admin' },
  { method: 'GET', path: '/api/firms/search', resource: 'firms', access: 'admin' },
  { method: 'POST', path: '/api/firms', resource: 'firms', access: 'admin' },
  { method: 'GET', path: '/api/firms/{id}', resource: 'firms', access: 'admin' },
  { method: 'PUT', path: '/api/firms/{id}', resource: 'firms', access: 'admin' },
  { method: 'DELETE', path: '/api/firms/{id}', resource: 'firms', access: 'admin' },
] as const satisfies readonly RouteDefinition[];
