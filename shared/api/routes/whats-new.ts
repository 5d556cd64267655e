import type { RouteDefinition } from '../route-definition';

/**
 * The `whats-new` resource's routes: its Lambda (functions/whats-new/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const whatsNewRoutes = [
  // What's New. Every signed-in user, staff or trader, reads the current release and marks it shown
  // (`trader-self`: the handler reads and writes the caller's own last-seen version); staff manage
  // releases.
  { method: 'GET', path: '/api/whats-new', resource: 'whats-new', access: 'trader-self' },
  {
    method: 'POST',
    path: '/api/whats-new/mark-shown',
    resource: 'whats-new',
    access: 'trader-self',
  },
  { method: 'GET', path: '/api/whats-new/admin/releases', resource: 'whats-new', access: 'admin' },
  { method: 'GET', path: '/api/whats-new/admin/stats', resource: 'whats-new', access: 'admin' },
  { method: 'POST', path: '/api/whats-new/admin/releases', resource: 'whats-new', access: 'admin' },
  {
    method: 'PUT',
    path: '/api/whats-new/admin/releases/{id}',
    resource: 'whats-new',
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/whats-new/admin/releases/{id}',
    resource: 'whats-new',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/whats-new/admin/releases/{id}/publish',
    resource: 'whats-new',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/whats-new/admin/releases/{id}/unpublish',
    resource: 'whats-new',
    access: 'admin',
  },
] as const satisfies readonly RouteDefinition[];
