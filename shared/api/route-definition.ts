/**
 * The shape of a route of the route table (shared/api/routes.ts), apart from the table itself: each
 * resource's routes (shared/api/routes/<resource>.ts) and a Lambda that serves them need the shape
 * without the other resources' routes.
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

type MethodAndPath = Pick<RouteDefinition, 'method' | 'path'>;

/** API Gateway's route key of each route of `T`: `GET /api/programs`. */
export type RouteKeyOf<T extends MethodAndPath> = T extends MethodAndPath
  ? `${T['method']} ${T['path']}`
  : never;

/** API Gateway's `routeKey` for a route: `GET /api/programs`. */
export function routeKeyOf<T extends MethodAndPath>(route: T): RouteKeyOf<T> {
  return `${route.method} ${route.path}` as RouteKeyOf<T>;
}
