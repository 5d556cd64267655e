import * as z from 'zod';

/**
 * Sign-in locks as staff see them: `GET /api/auth/locks` lists the logins locked now and
 * the latest unlocks; `DELETE /api/auth/locks/{lockId}` clears every lock of one login.
 */
export const loginLockSchema = z.object({
  /** The login's lock id (a hash of its identity), for the unlock. */
  lockId: z.string(),
  /** The staff email or the trader's membership login, as the sign-in knows it. */
  login: z.string(),
  kind: z.enum(['staff', 'trader']),
  /** When the last of the login's locks lifts (epoch ms). */
  lockedUntil: z.number(),
  /** Whether the whole login is locked (the account-wide ceiling), not only some addresses. */
  accountLocked: z.boolean(),
  /** Client addresses locked out. */
  lockedSources: z.number().int().min(0),
});
export type LoginLock = z.infer<typeof loginLockSchema>;

export const lockClearSchema = z.object({
  lockId: z.string(),
  login: z.string(),
  clearedAt: z.string(),
  /** The staff member who cleared it (email, or user id without one). */
  clearedBy: z.string(),
});
export type LockClear = z.infer<typeof lockClearSchema>;

export const loginLocksResponseSchema = z.object({
  locks: z.array(loginLockSchema),
  recentClears: z.array(lockClearSchema),
});
export type LoginLocksResponse = z.infer<typeof loginLocksResponseSchema>;

/** A lock id is the base64url SHA-256 of the login's identity: 43 characters. */
export const lockIdParamsSchema = z.strictObject({
  lockId: z
    .string({ error: 'lockId is required' })
    .max(64, { error: 'lockId must be at most 64 characters' })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'lockId must be a lock id from the lock list' }),
});
