import * as z from 'zod';
import { INPUT_LIMITS } from '../common/fields';

/**
 * The trader's session with the membership system and the admin server's view of it: the
 * membership-login check (spec 000 §3), and the debug console's sync and auth status (spec 001 §3).
 */

/** The signed-in membership user: `user_id` or `id`, `email`, `login` or `userName` (spec 000 §3). */
export const membershipSessionUserSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const user = value as Record<string, unknown>;
    return { ...user, user_id: user.user_id ?? user.id, login: user.login ?? user.userName };
  },
  z.object({
    user_id: z.union([z.string(), z.number()]).transform(String),
    email: z.string(),
    login: z.string(),
  }),
);
export type MembershipSessionUser = z.infer<typeof membershipSessionUserSchema>;

/** The membership-login check's result, whichever tier answered (spec 000 §3, §4). */
export const membershipCheckResultSchema = z.object({
  isLoggedIn: z.boolean(),
  user: membershipSessionUserSchema.nullable().optional(),
  sessionId: z.string().nullable().optional(),
  error: z.string().optional(),
});
export type MembershipCheckResult = z.infer<typeof membershipCheckResultSchema>;

/** `POST /api/amember/client-login` answer (spec 000 §7). */
export const membershipClientLoginResponseSchema = z.object({
  success: z.boolean(),
  isLoggedIn: z.boolean(),
  data: z
    .object({
      user: membershipSessionUserSchema.nullable().optional(),
      sessionId: z.string().nullable().optional(),
    })
    .optional(),
});
export type MembershipClientLoginResponse = z.infer<typeof membershipClientLoginResponseSchema>;

/** Spec 000 §9: the check's timeout and polling. */
export const MEMBERSHIP_CHECK_TIMEOUT_MS = 5000;
export const MEMBERSHIP_POLL_INTERVAL_MS = 5000;
export const MEMBERSHIP_WAIT_ATTEMPTS = 10;
export const MEMBERSHIP_WAIT_INTERVAL_MS = 1000;

/** Spec 001 §3 "Sync status": whether the admin user and the membership user are linked. */
export const authSyncStatusSchema = z.object({
  isSynced: z.boolean(),
  hasRithmicUser: z.boolean(),
  hasAmemberPassword: z.boolean(),
  message: z.string().optional(),
});
export type AuthSyncStatus = z.infer<typeof authSyncStatusSchema>;

/** Spec 001 §3 "Auth status" of the debug console. */
export const authStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  token: z.string().nullable().optional(),
  user: z
    .object({
      _id: z.string().optional(),
      role: z.object({ name: z.string() }).optional(),
      local: z.object({ email: z.string().optional() }).optional(),
      email: z.string().optional(),
      /** From the verified token's claims; absent for staff. */
      traderId: z.string().optional(),
      memberId: z.string().optional(),
    })
    .nullable()
    .optional(),
  amemberSession: z
    .object({ isLoggedIn: z.boolean(), user: membershipSessionUserSchema.nullable().optional() })
    .optional(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

export const MANUAL_SYNC_EMAIL_MESSAGE = 'Please enter an email address for manual sync';

/**
 * The debug console's manual synchronization (spec 001 §5): a non-empty trimmed email.
 * `POST /api/amember/sync` body: provisions the member's trader sign-in from the
 * membership record; a given password is checked with the membership system first; `force`
 * re-provisions a member that is already in sync.
 */
export const manualSyncBodySchema = z.strictObject({
  email: z
    .string({ error: MANUAL_SYNC_EMAIL_MESSAGE })
    .trim()
    .min(1, { error: MANUAL_SYNC_EMAIL_MESSAGE })
    .max(INPUT_LIMITS.email, { error: `email must be at most ${INPUT_LIMITS.email} characters` }),
  password: z
    .string()
    .max(INPUT_LIMITS.password, {
      error: `password must be at most ${INPUT_LIMITS.password} characters`,
    })
    .optional()
    .transform((password) => (password === '' ? undefined : password)),
  force: z.boolean().default(false),
});
export type ManualSyncBody = z.infer<typeof manualSyncBodySchema>;

/** `GET /api/amember/sync-status?email=` query. */
export const syncStatusQuerySchema = z.strictObject({
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: MANUAL_SYNC_EMAIL_MESSAGE })
      .min(1, { error: MANUAL_SYNC_EMAIL_MESSAGE })
      .max(INPUT_LIMITS.email, { error: `email must be at most ${INPUT_LIMITS.email} characters` }),
  ),
});

/** `POST /api/amember/sync` answer: the result plus the sync status after it. */
export const manualSyncResponseSchema = authSyncStatusSchema.extend({
  success: z.boolean(),
  error: z.string().optional(),
});
export type ManualSyncResponse = z.infer<typeof manualSyncResponseSchema>;

/**
 * `GET /api/amember/config` answer (public): where the browser finds the membership site and the
 * tools. `origin` is the only origin whose window messages the hub accepts; `loginUrl` is the
 * member-login form's target (spec 001 §7 'Trader login'); `memberPages` are the hub's five sections
 * plus MiM and the member dashboard; `tools` are the four tool pages' frames. `sessionCookie` is the
 * name of the membership site's session cookie that the check's cookie tier looks for (spec 000 §4),
 * null when none is configured (the site does not share the app's cookie domain).
 */
export const membershipConfigSchema = z.object({
  origin: z.string(),
  sessionCookie: z.string().nullable().optional(),
  loginUrl: z.string(),
  logoutUrl: z.string(),
  memberPages: z.object({
    accounts: z.string(),
    'purchase-programs': z.string(),
    profile: z.string(),
    'payment-history': z.string(),
    bullpen: z.string(),
    mim: z.string(),
    dashboard: z.string(),
  }),
  tools: z.object({
    tradechat: z.string(),
    spygate: z.string(),
    wrap: z.string(),
    livesquawk: z.string(),
  }),
});
export type MembershipConfig = z.infer<typeof membershipConfigSchema>;
