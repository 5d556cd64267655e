import * as z from 'zod';
import { sessionTokensSchema } from '../auth/admin-login';
import { INPUT_LIMITS } from '../common/fields';

/**
 * The trader login (spec 001 §2.22, §3, §5): a browser form post to the membership site, then a
 * return with `amember_success` and `user_id`; and the trader's values the browser keeps.
 */

export const TRADER_LOGIN_REQUIRED_MESSAGE = 'Username or email and password are required';
export const AUTHENTICATION_INCOMPLETE_MESSAGE =
  'Authentication incomplete. Please try logging in again.';

/** The Trader Login form: both fields required. */
export const traderLoginFormSchema = z.object({
  username: z
    .string({ error: TRADER_LOGIN_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: TRADER_LOGIN_REQUIRED_MESSAGE }),
  password: z
    .string({ error: TRADER_LOGIN_REQUIRED_MESSAGE })
    .min(1, { error: TRADER_LOGIN_REQUIRED_MESSAGE }),
});
export type TraderLoginForm = z.infer<typeof traderLoginFormSchema>;

/** The fields posted to the membership site's login path. */
export const amemberLoginPostSchema = z.object({
  amember_login: z.string().min(1),
  amember_pass: z.string().min(1),
  /** The current timestamp, in milliseconds. */
  login_attempt_id: z.string().regex(/^\d+$/),
  /** Back to the admin site's /amember-dashboard. */
  amember_redirect_url: z.url(),
});
export type AmemberLoginPost = z.infer<typeof amemberLoginPostSchema>;

/**
 * The query the membership site returns with. Success needs `amember_success=1` and a `user_id`;
 * success without a user id is the 'Authentication incomplete' case.
 */
export const traderLoginReturnSchema = z.object({
  amember_success: z.string().optional(),
  user_id: z.string().optional(),
  returnTo: z.string().optional(),
  target: z.string().optional(),
});
export type TraderLoginReturn = z.infer<typeof traderLoginReturnSchema>;

/**
 * Browser storage keys of the trader side, spelled as spec 000 §3 and spec 001 §3 show them
 * (`rithemi_email` included). Logout clears the three broker keys.
 */
export const TRADER_STORAGE_KEYS = {
  rithmicUserId: 'rithmic_user_id',
  rithmicEmail: 'rithemi_email',
  rithmicLogin: 'rithmic_login',
  amemberUserId: 'amember_user_id',
  amemberAuthenticated: 'amember_authenticated',
} as const;
export const BROKER_STORAGE_KEYS = [
  TRADER_STORAGE_KEYS.rithmicUserId,
  TRADER_STORAGE_KEYS.rithmicEmail,
  TRADER_STORAGE_KEYS.rithmicLogin,
] as const;

/**
 * `POST /api/auth/trader` body: the Trader Login form's values. Our server checks them with
 * the membership system; `login` is the member's username or email.
 */
export const traderSignInBodySchema = z.strictObject({
  login: z
    .string({ error: TRADER_LOGIN_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: TRADER_LOGIN_REQUIRED_MESSAGE })
    .max(INPUT_LIMITS.email, { error: `login must be at most ${INPUT_LIMITS.email} characters` }),
  password: z
    .string({ error: TRADER_LOGIN_REQUIRED_MESSAGE })
    .min(1, { error: TRADER_LOGIN_REQUIRED_MESSAGE })
    .max(INPUT_LIMITS.password, {
      error: `password must be at most ${INPUT_LIMITS.password} characters`,
    }),
});
export type TraderSignInBody = z.infer<typeof traderSignInBodySchema>;

/**
 * The one answer (401) to every failed trader sign-in: unknown login, wrong password, or a member
 * who may not sign in read the same. Repeated failures get the staff sign-in's 429
 * (`signInLockedMessage`).
 */
export const TRADER_SIGN_IN_FAILED = 'Incorrect username, email or password';

/**
 * `POST /api/auth/trader` answer: the same session as staff get (`token`, `refreshToken`,
 * `expiresAt`), with role `trader`, the member id of the membership system and the trader id the
 * API trusts (both also in the token's claims `custom:memberId` and `custom:traderId`). `traderId`
 * is empty when the member has no trading record yet.
 */
export const traderSignInResponseSchema = sessionTokensSchema.extend({
  ok: z.literal(true),
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  login: z.string(),
  role: z.literal('trader'),
  memberId: z.string(),
  traderId: z.string(),
  /**
   * The member's broker (Rithmic) user id in the membership system, '' when none: the trader area
   * keeps it as `rithmic_user_id`, the status page's Broker ID (a display hint, never authority).
   */
  rithmicUserId: z.string(),
});
export type TraderSignInResponse = z.infer<typeof traderSignInResponseSchema>;
