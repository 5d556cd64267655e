/**
 * The route table: the one source of truth for the HTTP API (DESIGN §3). The CDK api stack makes one
 * Lambda per `resource` and one HTTP API route per entry; the local API emulator dispatches with it; the
 * authorization tests iterate over it; the web client builds its paths from it.
 * A route that is not listed here does not exist.
 */

/** Who may call a route: anyone, staff (Cognito group `admin`), or a trader reading their own data. */
export type RouteAccess = 'public' | 'admin' | 'trader-self';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/programs/{prefix}`. */
  path: `/api/${string}`;
  /** The Lambda that serves the route: `functions/<resource>/handler.ts`. */
  resource: string;
  access: RouteAccess;
}

export const routes = [
  { method: 'POST', path: '/api/auth/admin', resource: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/refresh', resource: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/logout', resource: 'auth', access: 'public' },
  // Sign-in locks (issue 23): staff list the locked logins and clear one (audited).
  { method: 'GET', path: '/api/auth/locks', resource: 'auth', access: 'admin' },
  { method: 'DELETE', path: '/api/auth/locks/{lockId}', resource: 'auth', access: 'admin' },
  { method: 'GET', path: '/api/programs', resource: 'programs', access: 'admin' },
  // Programs and rules management (issue 10). Static paths come before the parameterized ones they
  // overlap (`/api/programs/rules` before `/api/programs/{prefix}`): API Gateway prefers the static
  // route, and the local emulator matches the table in order.
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
  // Decision 36: the program's next version, pinning the latest rule versions.
  {
    method: 'POST',
    path: '/api/programs/{prefix}/upgrade-rules',
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
  // Decision 36: which program versions use a rule (at which rule version), and its versions.
  { method: 'GET', path: '/api/rules/{ruleId}/usage', resource: 'rules', access: 'admin' },
  { method: 'GET', path: '/api/rules/{ruleId}/versions', resource: 'rules', access: 'admin' },
  { method: 'PUT', path: '/api/rules/{ruleId}', resource: 'rules', access: 'admin' },
  { method: 'DELETE', path: '/api/rules/{ruleId}', resource: 'rules', access: 'admin' },
  {
    method: 'POST',
    path: '/api/accounts/force-program-update',
    resource: 'accounts',
    access: 'admin',
  },
  { method: 'POST', path: '/api/sync/daily-update', resource: 'sync', access: 'admin' },
  { method: 'GET', path: '/api/sync/runs', resource: 'sync', access: 'admin' },
  { method: 'GET', path: '/api/sync/runs/{runId}', resource: 'sync', access: 'admin' },
  // The input-quality gate (issue 22): held breaches, their release, voided dates.
  { method: 'GET', path: '/api/sync/held-breaches', resource: 'sync', access: 'admin' },
  {
    method: 'POST',
    path: '/api/sync/held-breaches/{accountId}/{date}/release',
    resource: 'sync',
    access: 'admin',
  },
  { method: 'GET', path: '/api/sync/voids', resource: 'sync', access: 'admin' },
  { method: 'POST', path: '/api/sync/voids', resource: 'sync', access: 'admin' },
  {
    method: 'GET',
    path: '/api/sync/runs/{runId}/rejected-rows',
    resource: 'sync',
    access: 'admin',
  },
  // Dates a run left part-way, to be synced again (issue 22).
  { method: 'GET', path: '/api/sync/incomplete-dates', resource: 'sync', access: 'admin' },
  {
    method: 'GET',
    path: '/api/performance/account/{accountId}/{date}',
    resource: 'performance',
    access: 'trader-self',
  },
  {
    method: 'POST',
    path: '/api/performance/regenerate/{accountId}/{date}',
    resource: 'performance',
    access: 'admin',
  },
  // Accounts, latest performance and account summaries (issue 17). `trader-self` routes answer staff
  // and the trader who owns the account (`assertOwnsAccount` of functions/lib/account-access.ts).
  { method: 'GET', path: '/api/accounts', resource: 'accounts', access: 'admin' },
  { method: 'GET', path: '/api/accounts/{accountId}', resource: 'accounts', access: 'trader-self' },
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
  { method: 'GET', path: '/api/performance/today', resource: 'performance', access: 'admin' },
  {
    method: 'GET',
    path: '/api/summaries/account/{accountId}',
    resource: 'summaries',
    access: 'trader-self',
  },
  // Audit trail and daily revenue (issue 12). Revenue sits under /api/firms (spec 001 §7) but is a
  // resource of its own; the static segments win over `/api/firms/{id}` in API Gateway and the emulator.
  { method: 'GET', path: '/api/audit-trail', resource: 'audit', access: 'admin' },
  { method: 'GET', path: '/api/audit-trail/stats', resource: 'audit', access: 'admin' },
  { method: 'GET', path: '/api/audit-trail/operations', resource: 'audit', access: 'admin' },
  { method: 'DELETE', path: '/api/audit-trail', resource: 'audit', access: 'admin' },
  { method: 'GET', path: '/api/firms/daily-revenue', resource: 'revenue', access: 'admin' },
  // What's New and firms (issue 12). The user's view and mark-shown are for every signed-in user,
  // staff or trader (`trader-self`: the handler reads and writes the caller's own last-seen version);
  // the rest is staff only. Static segments come before `{id}` (`/api/firms/stats`, `/search`).
  { method: 'GET', path: '/api/whats-new', resource: 'whats-new', access: 'trader-self' },
  {
    method: 'POST',
    path: '/api/whats-new/mark-shown',
    resource: 'whats-new',
    access: 'trader-self',
  },
  {
    method: 'GET',
    path: '/api/whats-new/admin/releases',
    resource: 'whats-new',
    access: 'admin',
  },
  { method: 'GET', path: '/api/whats-new/admin/stats', resource: 'whats-new', access: 'admin' },
  {
    method: 'POST',
    path: '/api/whats-new/admin/releases',
    resource: 'whats-new',
    access: 'admin',
  },
  {
    method: 'PUT',
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
  {
    method: 'DELETE',
    path: '/api/whats-new/admin/releases/{id}',
    resource: 'whats-new',
    access: 'admin',
  },
  { method: 'GET', path: '/api/firms', resource: 'firms', access: 'admin' },
  { method: 'GET', path: '/api/firms/stats', resource: 'firms', access: 'admin' },
  { method: 'GET', path: '/api/firms/search', resource: 'firms', access: 'admin' },
  { method: 'GET', path: '/api/firms/{id}', resource: 'firms', access: 'admin' },
  { method: 'POST', path: '/api/firms', resource: 'firms', access: 'admin' },
  { method: 'PUT', path: '/api/firms/{id}', resource: 'firms', access: 'admin' },
  { method: 'DELETE', path: '/api/firms/{id}', resource: 'firms', access: 'admin' },
  // Traders, summaries and the account summary dashboard (issue 11). `trader-self` routes answer staff
  // and the trader themself (`assertIsTraderOrStaff` of functions/lib/account-access.ts); another
  // trader gets 403. `/api/accounts/trader/{traderId}` is served by the traders resource.
  { method: 'GET', path: '/api/traders', resource: 'traders', access: 'admin' },
  {
    method: 'GET',
    path: '/api/traders/details/{id}',
    resource: 'traders',
    access: 'trader-self',
  },
  { method: 'GET', path: '/api/traders/{traderId}', resource: 'traders', access: 'trader-self' },
  {
    method: 'GET',
    path: '/api/accounts/trader/{traderId}',
    resource: 'traders',
    access: 'trader-self',
  },
  {
    method: 'GET',
    path: '/api/account-summaries/admin/dashboard',
    resource: 'dashboard',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/account-summaries/admin/attention',
    resource: 'dashboard',
    access: 'admin',
  },
  { method: 'GET', path: '/api/summaries/firm', resource: 'summaries', access: 'admin' },
  {
    method: 'GET',
    path: '/api/summaries/trader/{traderId}',
    resource: 'summaries',
    access: 'trader-self',
  },
  // Trader area: membership system, trader sign-in, users and the debug console (issue 13). A trader
  // signs in through our API (`/api/auth/trader`), which checks the credentials with the membership
  // system; `trader-self` routes trust only the token's `custom:traderId`/`custom:memberId` claims.
  // `/api/auth/status` is the caller's own status (any signed-in user); `/api/amember/config` is the
  // public configuration of the membership site's and tools' URLs the SPA embeds.
  { method: 'POST', path: '/api/auth/trader', resource: 'auth', access: 'public' },
  { method: 'GET', path: '/api/auth/status', resource: 'auth', access: 'trader-self' },
  { method: 'GET', path: '/api/amember/config', resource: 'amember', access: 'public' },
  // Whether a tool's site answers (issue 24 #30): any signed-in user; the answer is about the tool.
  {
    method: 'GET',
    path: '/api/amember/tools/{toolId}/status',
    resource: 'amember',
    access: 'trader-self',
  },
  {
    method: 'POST',
    path: '/api/amember/client-login',
    resource: 'amember',
    access: 'trader-self',
  },
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

export type Route = (typeof routes)[number];
type KeyOf<T extends Route> = T extends Route ? `${T['method']} ${T['path']}` : never;
/** `GET /api/programs`: API Gateway's route key, one per table entry. */
export type RouteKey = KeyOf<Route>;
/** The route keys served by one resource. */
export type ResourceRouteKey<R extends Route['resource']> = KeyOf<Extract<Route, { resource: R }>>;

/** API Gateway's `routeKey` for a route: `GET /api/programs`. */
export function routeKeyOf(route: Pick<RouteDefinition, 'method' | 'path'>): RouteKey {
  return `${route.method} ${route.path}` as RouteKey;
}

/** The distinct resources, in table order: one Lambda each. */
export function resourcesOf(table: readonly RouteDefinition[] = routes): string[] {
  return [...new Set(table.map((route) => route.resource))];
}

/** Fills `{name}` placeholders of a route path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
