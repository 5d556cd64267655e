import type { RouteDefinition } from '../route-definition';

/**
 * The `revenue` resource's routes: its Lambda (functions/revenue/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const revenueRoutes = [
  // Daily revenue keeps the spec's path under /api/firms (spec 001 §7) but is a resource of its own,
  // with read-only table access: it reads the synced days' figures, not the firm records.
  { method: 'GET', path: '/api/firms/daily-revenue', resource: 'revenue', access: 'admin' },
] as const satisfies readonly RouteDefinition[];
