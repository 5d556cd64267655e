import type { RouteDefinition } from '../route-definition';

/**
 * The `rules` resource's routes: its Lambda (functions/rules/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const rulesRoutes = [
  // The rules catalogue, and the rule references of a program's phases (each change a new program
  // version). A rule's usage names the program versions that pin it, so an edit shows what it affects.
  { method: 'GET', path: '/api/rules', resource: 'rules', access: 'admin' },
  { method: 'POST', path: '/api/rules', resource: 'rules', access: 'admin' },
  { method: 'GET', path: '/api/rules/programs/{prefix}', resource: 'rules', access: 'admin' },
  {
    method: 'POST',
    path: '/api/rules/programs/{prefix}/phases/{phaseId}/rules',
    resource: 'rules',
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}',
    resource: 'rules',
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}',
    resource: 'rules',
    access: 'admin',
  },
  { method: 'GET', path: '/api/rules/{ruleId}', resource: 'rules', access: 'admin' },
  { method: 'PUT', path: '/api/rules/{ruleId}', resource: 'rules', access: 'admin' },
  { method: 'DELETE', path: '/api/rules/{ruleId}', resource: 'rules', access: 'admin' },
  { method: 'GET', path: '/api/rules/{ruleId}/usage', resource: 'rules', access: 'admin' },
  { method: 'GET', path: '/api/rules/{ruleId}/versions', resource: 'rules', access: 'admin' },
] as const satisfies readonly RouteDefinition[];
