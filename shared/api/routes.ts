/**
 * The route table: the one source of truth for the HTTP API (DESIGN §3). The CDK api stack makes one
 * Lambda per `resource` and one HTTP API route per entry; the local API emulator dispatches with it; the
 * authorization tests iterate over it; the web client builds its paths from it.
 * A route that is not listed here does not exist.
 *
 * Routes are grouped by resource, each resource's collection first. Order never decides which route a
 * request reaches: API Gateway picks the most specific route (at the first segment where two paths
 * differ, a literal beats a `{parameter}`, so `/api/programs/rules` wins over `/api/programs/{prefix}`),
 * and the local emulator sorts the table by the same rule before matching. Within a resource the static
 * paths still come before the parameterized ones they overlap, so the table reads as they are matched.
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
  // Sign-in (staff and trader), session refresh and logout are public: they are how a caller gets a
  // token. The trader sign-in checks the credentials with the membership system, so `trader-self` routes
  // trust only the token's `custom:traderId`/`custom:memberId` claims. `status` is the caller's own.
  // Staff list the locked logins and clear one; each clear is recorded.
  { method: 'POST', path: '/api/auth/admin', resource: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/trader', resource: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/refresh', resource: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/logout', resource: 'auth', access: 'public' },
  { method: 'GET', path: '/api/auth/status', resource: 'auth', access: 'trader-self' },
  { method: 'GET', path: '/api/auth/locks', resource: 'auth', access: 'admin' },
  { method: 'DELETE', path: '/api/auth/locks/{lockId}', resource: 'auth', access: 'admin' },
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
  // Accounts. `trader-self` routes answer staff and the trader who owns the account
  // (`assertOwnsAccount` of functions/lib/account-access.ts); every change is staff only.
  { method: 'GET', path: '/api/accounts', resource: 'accounts', access: 'admin' },
  // All Accounts' overview card (totals of every account): staff only, as the list it heads.
  { method: 'GET', path: '/api/accounts/overview', resource: 'accounts', access: 'admin' },
  {
    method: 'POST',
    path: '/api/accounts/force-program-update',
    resource: 'accounts',
    access: 'admin',
  },
  { method: 'GET', path: '/api/accounts/{accountId}', resource: 'accounts', access: 'trader-self' },
  // An account's evidence pack (docs/evidence-pack.md), a JSON download: staff, and the trader who owns
  // the account so they can re-check their own verdict; anyone else the 404 of an unknown account.
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/evidence',
    resource: 'accounts',
    access: 'trader-self',
  },
  // The verdict explained and the account's path: staff, and the trader who owns the account (a
  // trader must be able to check why their own account failed); another trader gets 404.
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/verdict',
    resource: 'accounts',
    access: 'trader-self',
  },
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
  // Traders. `trader-self` routes answer staff and the trader themself (`assertIsTraderOrStaff` of
  // functions/lib/account-access.ts); another trader gets 403. A trader's accounts keep the spec's path
  // under /api/accounts but are served here, with the trader's details: the trader is checked first,
  // and they answer the accounts with their full summary, as the details do.
  { method: 'GET', path: '/api/traders', resource: 'traders', access: 'admin' },
  { method: 'GET', path: '/api/traders/details/{id}', resource: 'traders', access: 'trader-self' },
  { method: 'GET', path: '/api/traders/{traderId}', resource: 'traders', access: 'trader-self' },
  {
    method: 'GET',
    path: '/api/accounts/trader/{traderId}',
    resource: 'traders',
    access: 'trader-self',
  },
  // Performance: Latest Performance (staff only: every account's figures; a page of ≤ 200 rows, one
  // group or all, sorted and filtered on the server), one account-day's report (its owner may read it)
  // and re-judging an account from a day on.
  { method: 'GET', path: '/api/performance/today', resource: 'performance', access: 'admin' },
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
  // Summaries: the firm's day (staff only: every account), a trader's days (the trader or staff), each
  // a page of ≤ 200 rows with a cursor and the view's totals, and an account's page.
  { method: 'GET', path: '/api/summaries/firm', resource: 'summaries', access: 'admin' },
  {
    method: 'GET',
    path: '/api/summaries/trader/{traderId}',
    resource: 'summaries',
    access: 'trader-self',
  },
  {
    method: 'GET',
    path: '/api/summaries/account/{accountId}',
    resource: 'summaries',
    access: 'trader-self',
  },
  // The account page's further days (a page of ≤ 200, newest first, with a cursor) and its balance
  // chart's series (one small point per day): the account's trader or staff, like the page itself.
  {
    method: 'GET',
    path: '/api/summaries/account/{accountId}/days',
    resource: 'summaries',
    access: 'trader-self',
  },
  {
    method: 'GET',
    path: '/api/summaries/account/{accountId}/balances',
    resource: 'summaries',
    access: 'trader-self',
  },
  // The account summary dashboard (staff).
  {
    method: 'GET',
    path: '/api/account-summaries/admin/dashboard',
    resource: 'dashboard',
    access: 'admin',
  },
  // The dashboard's tabs and attention lists, each a page (≤ 200 rows) of a kept index list with a
  // cursor: All accounts / Top Performers, Needs Attention, accounts with violations, every failed
  // account with its decisive breach. Staff only: they name every trader's accounts.
  {
    method: 'GET',
    path: '/api/account-summaries/admin/dashboard/accounts',
    resource: 'dashboard',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/account-summaries/admin/attention',
    resource: 'dashboard',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/account-summaries/admin/violations',
    resource: 'dashboard',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/account-summaries/admin/failures',
    resource: 'dashboard',
    access: 'admin',
  },
  // The staff home's "today at a glance": last run, the day's failures and passes, closest to
  // breach, worst P&L. Staff only: it names every trader's accounts.
  {
    method: 'GET',
    path: '/api/account-summaries/admin/today',
    resource: 'dashboard',
    access: 'admin',
  },
  // Payouts. A trader asks for a payout from their own account and may cancel it while it is
  // pending; the eligibility is checked again on the server against the latest judged day. Staff
  // read the trader's payouts too but do not ask or cancel for them (403): `history.by` is always who
  // acted. Staff alone see the queue and decide: approve (optionally less), reject with a reason, mark
  // paid; the queue names every trader's payouts.
  { method: 'GET', path: '/api/payouts', resource: 'payouts', access: 'admin' },
  { method: 'GET', path: '/api/payouts/{payoutId}', resource: 'payouts', access: 'admin' },
  { method: 'POST', path: '/api/payouts/{payoutId}/approve', resource: 'payouts', access: 'admin' },
  { method: 'POST', path: '/api/payouts/{payoutId}/reject', resource: 'payouts', access: 'admin' },
  { method: 'POST', path: '/api/payouts/{payoutId}/pay', resource: 'payouts', access: 'admin' },
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/payouts',
    resource: 'payouts',
    access: 'trader-self',
  },
  {
    method: 'POST',
    path: '/api/accounts/{accountId}/payouts',
    resource: 'payouts',
    access: 'trader-self',
  },
  {
    method: 'POST',
    path: '/api/accounts/{accountId}/payouts/{payoutId}/cancel',
    resource: 'payouts',
    access: 'trader-self',
  },
  {
    method: 'GET',
    path: '/api/traders/{traderId}/payouts',
    resource: 'payouts',
    access: 'trader-self',
  },
  // Notifications: the events sent, the firm's webhook endpoints with their delivery log
  // and a test event (staff), and a trader's own e-mail preferences.
  { method: 'GET', path: '/api/notifications/events', resource: 'notifications', access: 'admin' },
  { method: 'GET', path: '/api/webhooks', resource: 'notifications', access: 'admin' },
  { method: 'POST', path: '/api/webhooks', resource: 'notifications', access: 'admin' },
  { method: 'PUT', path: '/api/webhooks/{endpointId}', resource: 'notifications', access: 'admin' },
  {
    method: 'DELETE',
    path: '/api/webhooks/{endpointId}',
    resource: 'notifications',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/webhooks/{endpointId}/deliveries',
    resource: 'notifications',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/webhooks/{endpointId}/test',
    resource: 'notifications',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/traders/{traderId}/notification-preferences',
    resource: 'notifications',
    access: 'trader-self',
  },
  {
    method: 'PUT',
    path: '/api/traders/{traderId}/notification-preferences',
    resource: 'notifications',
    access: 'trader-self',
  },
  // The audit trail: orders as the broker recorded them, and the log of deletions from it.
  { method: 'GET', path: '/api/audit-trail', resource: 'audit', access: 'admin' },
  { method: 'GET', path: '/api/audit-trail/stats', resource: 'audit', access: 'admin' },
  { method: 'GET', path: '/api/audit-trail/operations', resource: 'audit', access: 'admin' },
  { method: 'DELETE', path: '/api/audit-trail', resource: 'audit', access: 'admin' },
  // Daily revenue keeps the spec's path under /api/firms (spec 001 §7) but is a resource of its own,
  // with read-only table access: it reads the synced days' figures, not the firm records.
  { method: 'GET', path: '/api/firms/daily-revenue', resource: 'revenue', access: 'admin' },
  // Firms. Only `GET /api/firms/{id}` answers a firm's secrets; lists and search leave them out.
  { method: 'GET', path: '/api/firms', resource: 'firms', access: 'admin' },
  { method: 'GET', path: '/api/firms/stats', resource: 'firms', access: 'admin' },
  { method: 'GET', path: '/api/firms/search', resource: 'firms', access: 'admin' },
  { method: 'POST', path: '/api/firms', resource: 'firms', access: 'admin' },
  { method: 'GET', path: '/api/firms/{id}', resource: 'firms', access: 'admin' },
  { method: 'PUT', path: '/api/firms/{id}', resource: 'firms', access: 'admin' },
  { method: 'DELETE', path: '/api/firms/{id}', resource: 'firms', access: 'admin' },
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
  // Background jobs (program force updates and reverts, Force All Update, an account's force update,
  // a date's void) re-judge accounts for longer than a request: the route that starts one answers
  // 202 with the job. Staff only, as every route that starts them: a job's progress and the accounts
  // it changed (any trader's), and resuming one that stopped.
  { method: 'GET', path: '/api/jobs/{jobId}', resource: 'jobs', access: 'admin' },
  { method: 'POST', path: '/api/jobs/{jobId}/resume', resource: 'jobs', access: 'admin' },
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
