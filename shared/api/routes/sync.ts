import type { RouteDefinition } from '../route-definition';

/**
 * The `sync` resource's routes: its Lambda (functions/sync/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const syncRoutes = [
  // The daily sync: runs, what they rejected or left part-way, and the input-quality gate (held
  // breaches staff release, dates they void). The nightly schedule starts runs without this API.
  { method: 'POST', path: '/api/sync/daily-update', resource: 'sync', access: 'admin' },
  { method: 'GET', path: '/api/sync/runs', resource: 'sync', access: 'admin' },
  { method: 'GET', path: '/api/sync/runs/{runId}', resource: 'sync', access: 'admin' },
  {
    method: 'GET',
    path: '/api/sync/runs/{runId}/rejected-rows',
    resource: 'sync',
    access: 'admin',
  },
  { method: 'GET', path: '/api/sync/incomplete-dates', resource: 'sync', access: 'admin' },
  { method: 'GET', path: '/api/sync/held-breaches', resource: 'sync', access: 'admin' },
  {
    method: 'POST',
    path: '/api/sync/held-breaches/{accountId}/{date}/release',
    resource: 'sync',
    access: 'admin',
  },
  { method: 'GET', path: '/api/sync/voids', resource: 'sync', access: 'admin' },
  { method: 'POST', path: '/api/sync/voids', resource: 'sync', access: 'admin' },
  // The broker's liquidation floor beside the engine's, across every trader's accounts: staff only.
  { method: 'GET', path: '/api/sync/reconciliation', resource: 'sync', access: 'admin' },
] as const satisfies readonly RouteDefinition[];
