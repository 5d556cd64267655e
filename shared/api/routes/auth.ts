import type { RouteDefinition } from '../route-definition';

/**
 * The `auth` resource's routes: its Lambda (functions/auth/handler.ts) is built from these alone;
 * shared/api/routes.ts joins every resource's into the route table.
 */
export const authRoutes = [
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
] as const satisfies readonly RouteDefinition[];
