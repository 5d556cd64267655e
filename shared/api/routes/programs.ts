import type { RouteDefinition } from '../route-definition';

/**
 * The `programs` resource's routes: its Lambda (functions/programs/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const programsRoutes = [
  // Programs. Saving makes a new immutable version; `upgrade-rules` makes the next version pinning the
  // latest rule versions, `force-update-accounts` moves accounts on older versions to the current one
  // (a background job: 202 with the job, polled at `GET /api/jobs/{jobId}`).
  { method: 'GET', path: '/api/programs', resource: 'programs', access: 'admin' },
  { method: 'POST', path: '/api/programs', resource: 'programs', access: 'admin' },
  { method: 'GET', path: '/api/programs/rules', resource: 'programs', access: 'admin' },
  { method: 'GET', path: '/api/programs/{prefix}', resource: 'programs', access: 'admin' },
  { method: 'PUT', path: '/api/programs/{prefix}', resource: 'programs', access: 'admin' },
  { method: 'DELETE', path: '/api/programs/{prefix}', resource: 'programs', access: 'admin' },
  { method: 'POST', path: '/api/programs/{prefix}/copy', resource: 'programs', access: 'admin' },
  {
    method: 'POST',
    path: '/api/programs/{prefix}/force-update-accounts',
    resource: 'programs',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/programs/{prefix}/upgrade-rules',
    resource: 'programs',
    access: 'admin',
  },
  // Staff only: the impact preview re-judges a program's accounts under an unsaved version (nothing
  // saved; a background job polled by id), and a revert saves an earlier version's rules anew and
  // upgrades the accounts to it.
  {
    method: 'POST',
    path: '/api/programs/{prefix}/impact-preview',
    resource: 'programs',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/programs/{prefix}/impact-preview/{previewId}',
    resource: 'programs',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/programs/{prefix}/versions/{version}/revert',
    resource: 'programs',
    access: 'admin',
  },
  { method: 'GET', path: '/api/programs/{prefix}/versions', resource: 'programs', access: 'admin' },
  {
    method: 'GET',
    path: '/api/programs/{prefix}/versions/{version}',
    resource: 'programs',
    access: 'admin',
  },
] as const satisfies readonly RouteDefinition[];
