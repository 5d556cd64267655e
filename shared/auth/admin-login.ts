import { z } from 'zod';

export const LOGIN_FIELDS_REQUIRED = 'Email and password are required';

/** `POST /api/auth/admin` body. Both fields required (spec 000 §5); values are trimmed. */
export const adminLoginBodySchema = z.object({
  email: z.string({ error: LOGIN_FIELDS_REQUIRED }).trim().min(1, { error: LOGIN_FIELDS_REQUIRED }),
  password: z.string({ error: LOGIN_FIELDS_REQUIRED }).min(1, { error: LOGIN_FIELDS_REQUIRED }),
});
export type AdminLoginBody = z.infer<typeof adminLoginBodySchema>;

export const userRoleSchema = z.enum(['admin', 'trader']);
export type UserRole = z.infer<typeof userRoleSchema>;

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
export const refreshBodySchema = z.object({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, {
    error: 'refreshToken is required',
  }),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;
export const refreshResponseSchema = z.object({ token: z.string(), expiresAt: z.number().int() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;
