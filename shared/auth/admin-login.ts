import * as z from 'zod';
import { INPUT_LIMITS } from '../common/fields';
import { USER_ROLES } from './user-role';

export const LOGIN_FIELDS_REQUIRED = 'Email and password are required';
/**
 * The one answer to every failed sign-in: an unknown email, a wrong password, a trader's
 * credentials on the staff sign-in or an account that must change its password all read the same,
 * so the answer tells nobody which emails exist or which passwords are right.
 */
export const SIGN_IN_FAILED = 'Incorrect email or password';

/** The lock of a login after repeated failures; `seconds` is how long until it lifts. */
export function signInLockedMessage(seconds: number): string {
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Try again in ${wait}.`;
}

/** `POST /api/auth/admin` body. Both fields required (spec 000 §5); values are trimmed. */
export const adminLoginBodySchema = z.strictObject({
  email: z
    .string({ error: LOGIN_FIELDS_REQUIRED })
    .trim()
    .min(1, { error: LOGIN_FIELDS_REQUIRED })
    .max(INPUT_LIMITS.email, { error: `email must be at most ${INPUT_LIMITS.email} characters` }),
  password: z
    .string({ error: LOGIN_FIELDS_REQUIRED })
    .min(1, { error: LOGIN_FIELDS_REQUIRED })
    .max(INPUT_LIMITS.password, {
      error: `password must be at most ${INPUT_LIMITS.password} characters`,
    }),
});
export type AdminLoginBody = z.infer<typeof adminLoginBodySchema>;

export const userRoleSchema = z.enum(USER_ROLES);
export type { UserRole } from './user-role';

/** The tokens of a session. `token` is the Cognito ID token sent as the Bearer credential. */
export const sessionTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Epoch milliseconds at which `token` expires. */
  expiresAt: z.number().int(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

/** `POST /api/auth/admin` answer: the spec's admin login response plus the session tokens. */
export const adminLoginResponseSchema = sessionTokensSchema.extend({
  ok: z.literal(true),
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  login: z.string(),
  role: userRoleSchema,
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

/** `POST /api/auth/refresh` body and answer: a fresh ID token for a refresh token. */
export const refreshBodySchema = z.strictObject({
  refreshToken: z
    .string({ error: 'refreshToken is required' })
    .min(1, { error: 'refreshToken is required' })
    .max(INPUT_LIMITS.token, {
      error: `refreshToken must be at most ${INPUT_LIMITS.token} characters`,
    }),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;
export const refreshResponseSchema = z.object({ token: z.string(), expiresAt: z.number().int() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** `POST /api/auth/logout` body: the refresh token to revoke; the answer is `{ success: true }`. */
export const logoutBodySchema = refreshBodySchema;
export type LogoutBody = z.infer<typeof logoutBodySchema>;
