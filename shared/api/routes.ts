import type { RouteDefinition, RouteKeyOf } from './route-definition';
import { authRoutes } from './routes/auth';
import { amemberRoutes } from './routes/amember';
import { programsRoutes } from './routes/programs';
import { rulesRoutes } from './routes/rules';
import { syncRoutes } from './routes/sync';
import { accountsRoutes } from './routes/accounts';
import { tradersRoutes } from './routes/traders';
import { performanceRoutes } from './routes/performance';
import { summariesRoutes } from './routes/summaries';
import { dashboardRoutes } from './routes/dashboard';
import { payoutsRoutes } from './routes/payouts';
import { notificationsRoutes } from './routes/notifications';
import { auditRoutes } from './routes/audit';
import { revenueRoutes } from './routes/revenue';
import { firmsRoutes } from './routes/firms';
import { whatsNewRoutes } from './routes/whats-new';
import { jobsRoutes } from './routes/jobs';

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
 *
 * Each resource's routes, with why each has the access it has, are in `routes/<resource>.ts`: a Lambda
 * imports its own resource's routes only, so it carries none of the others'.
 */

export {
  routeKeyOf,
  type HttpMethod,
  type RouteAccess,
  type RouteDefinition,
} from './route-definition';

export const routes = [
  ...authRoutes,
  ...amemberRoutes,
  ...programsRoutes,
  ...rulesRoutes,
  ...syncRoutes,
  ...accountsRoutes,
  ...tradersRoutes,
  ...performanceRoutes,
  ...summariesRoutes,
  ...dashboardRoutes,
  ...payoutsRoutes,
  ...notificationsRoutes,
  ...auditRoutes,
  ...revenueRoutes,
  ...firmsRoutes,
  ...whatsNewRoutes,
  ...jobsRoutes,
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof routes)[number];
/** `GET /api/programs`: API Gateway's route key, one per table entry. */
export type RouteKey = RouteKeyOf<Route>;
/** The route keys served by one resource. */
export type ResourceRouteKey<R extends Route['resource']> = RouteKeyOf<
  Extract<Route, { resource: R }>
>;

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
