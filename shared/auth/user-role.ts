/**
 * The roles of a signed-in user, without zod: the SPA reads the stored session with these at start-up
 * and keeps zod out of its first load. `userRoleSchema` (admin-login.ts) is built on them.
 */
export const USER_ROLES = ['admin', 'trader'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export function isUserRole(value: unknown): value is UserRole {
  return USER_ROLES.some((role) => role === value);
}
