import type { RouteDefinition } from '../route-definition';

/**
 * The `jobs` resource's routes: its Lambda (functions/jobs/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const jobsRoutes = [
  // Background jobs (program force updates and reverts, Force All Update, an account's force update,
  // a date's void) re-judge accounts for longer than a request: the route that starts one answers
  // 202 with the job. Staff only, as every route that starts them: a job's progress and the accounts
  // it changed (any trader's), and resuming one that stopped.
  { method: 'GET', path: '/api/jobs/{jobId}', resource: 'jobs', access: 'admin' },
  { method: 'POST', path: '/api/jobs/{jobId}/resume', resource: 'jobs', access: 'admin' },
] as const satisfies readonly RouteDefinition[];
