import * as z from 'zod';
import { INPUT_LIMITS } from '../common/fields';

/**
 * A user of the external membership system (spec 001 §3 "Membership-system user"), as its API sends
 * them: ids and flags may come as numbers or numeric strings, so they are coerced here once.
 */

/** Spec 001 §4: 0 Pending, 1 Active, 2 Expired; any other status displays 'Inactive'. */
export const MEMBERSHIP_USER_STATUSES = [0, 1, 2] as const;
export const membershipUserStatusSchema = z.literal(MEMBERSHIP_USER_STATUSES, {
  error: 'Status must be 0, 1 or 2',
});
export type MembershipUserStatus = z.infer<typeof membershipUserStatusSchema>;

const STATUS_LABELS: Readonly<Record<MembershipUserStatus, string>> = {
  0: 'Pending',
  1: 'Active',
  2: 'Expired',
};

export function membershipStatusLabel(status: number | undefined): string {
  return STATUS_LABELS[status as MembershipUserStatus] ?? 'Inactive';
}

/** Only an Active member (status 1) may sign in as a trader (the trader sign-in refuses others). */
export const SIGN_IN_STATUS: MembershipUserStatus = 1;

export function memberMaySignIn(member: { status: number }): boolean {
  return member.status === SIGN_IN_STATUS;
}

const numeric = (value: unknown) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const idText = z.union([z.string(), z.number()]).transform(String);

export const membershipUserSchema = z.object({
  user_id: idText,
  login: z.string(),
  email: z.string(),
  name_f: z.string().optional(),
  name_l: z.string().optional(),
  pass: z.string().optional(),
  /** Any whole number: unknown statuses are kept and displayed 'Inactive'. */
  status: z.preprocess(numeric, z.number().int()),
  /**
   * 0 or 1; absent when the system does not say. aMember sends `null` (or an empty text) for a
   * record it never approved nor refused: that reads as absent, so one such record cannot fail the
   * whole list.
   */
  is_approved: z.preprocess(
    (value) => (value === null || value === '' ? undefined : numeric(value)),
    z.literal([0, 1]).optional(),
  ),
  rithmic_user_id: z.string().optional(),
  /** Never in `GET /api/amember/users` (decision 31): read one with its own staff route. */
  rithmic_passwd: z.string().optional(),
  /** In list answers instead of the password: whether the user has one to reveal. */
  has_rithmic_passwd: z.boolean().optional(),
  /** The system's own time texts (`2026-03-02 14:31:05`), shown as they come. */
  added: z.string().optional(),
  last_login: z.string().nullable().optional(),
});
export type MembershipUser = z.infer<typeof membershipUserSchema>;

/** Spec 001 §9: a users answer holds at most 100 entries. */
export const MEMBERSHIP_USERS_LIMIT = 100;

/**
 * One element of the membership API's `users`: a list of users, or an object indexed '0', '1', …
 * with a `_total`. Both read as a list of at most 100 users.
 */
export const membershipUserListSchema = z
  .union([
    z.array(membershipUserSchema),
    z
      .record(z.string(), z.unknown())
      .transform((indexed) =>
        Object.keys(indexed)
          .filter((key) => /^\d+$/.test(key))
          .sort((a, b) => Number(a) - Number(b))
          .map((key) => indexed[key]),
      )
      .pipe(z.array(membershipUserSchema)),
  ])
  .transform((users) => users.slice(0, MEMBERSHIP_USERS_LIMIT));
export type MembershipUserList = z.infer<typeof membershipUserListSchema>;

/** `GET /api/amember/users` answer (spec 001 §7). */
export const membershipUsersResponseSchema = z.object({
  success: z.boolean(),
  data: z
    .object({
      users: z.array(membershipUserListSchema),
      responseStatus: z.number().int().optional(),
    })
    .optional(),
  error: z.string().optional(),
});
export type MembershipUsersResponse = z.infer<typeof membershipUsersResponseSchema>;

export const CREATE_USER_REQUIRED_MESSAGE = 'Login and email are required';

/**
 * `POST /api/amember/users` body (spec 001 §5): login and email required; an empty password is left
 * out so the server generates one; status defaults to 1 (Active).
 */
export const createMembershipUserBodySchema = z.strictObject({
  login: z
    .string({ error: CREATE_USER_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: CREATE_USER_REQUIRED_MESSAGE })
    .max(INPUT_LIMITS.name, { error: `login must be at most ${INPUT_LIMITS.name} characters` }),
  email: z
    .string({ error: CREATE_USER_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: CREATE_USER_REQUIRED_MESSAGE })
    .max(INPUT_LIMITS.email, { error: `email must be at most ${INPUT_LIMITS.email} characters` })
    .pipe(z.email({ error: 'Enter a valid email address' })),
  name_f: z
    .string()
    .trim()
    .max(INPUT_LIMITS.name, { error: `name_f must be at most ${INPUT_LIMITS.name} characters` })
    .default(''),
  name_l: z
    .string()
    .trim()
    .max(INPUT_LIMITS.name, { error: `name_l must be at most ${INPUT_LIMITS.name} characters` })
    .default(''),
  pass: z
    .string()
    .max(INPUT_LIMITS.password, {
      error: `pass must be at most ${INPUT_LIMITS.password} characters`,
    })
    .optional()
    .transform((pass) => (pass === undefined || pass === '' ? undefined : pass)),
  status: membershipUserStatusSchema.default(1),
});
export type CreateMembershipUserBody = z.infer<typeof createMembershipUserBodySchema>;

/**
 * `POST /api/amember/users` answer: `success`, the created user (as the list shows it) and, only
 * when the server generated the password, that password once, so staff can hand it over.
 */
export const createMembershipUserResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  data: z
    .object({ user: membershipUserSchema, generatedPassword: z.string().optional() })
    .optional(),
});
export type CreateMembershipUserResponse = z.infer<typeof createMembershipUserResponseSchema>;

/** `GET /api/amember/users/{userId}/rithmic-password` answer (staff only; never logged). */
export const rithmicPasswordResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ user_id: z.string(), rithmic_passwd: z.string().nullable() }),
});
export type RithmicPasswordResponse = z.infer<typeof rithmicPasswordResponseSchema>;
