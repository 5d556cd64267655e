import type { RouteDefinition } from '../route-definition';

/**
 * The `audit` resource's routes: its Lambda (functions/audit/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const auditRoutes = [
  // The audit trail: orders as the broker recorded them, and the log of deletions from it.
  { method: 'GET', path: '/api/audit-trail', resource: 'audit', access: 'admin' },
  { method: 'GET', path: '/api/audit-trail/stats', resource: 'audit', access: 'admin' },
  { method: 'GET', path: '/api/audit-trail/operations', resource: 'audit', access: 'admin' },
  { method: 'DELETE', path: '/api/audit-trail', resource: 'audit', access: 'admin' },
] as const satisfies readonly RouteDefinition[];
