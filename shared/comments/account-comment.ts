import * as z from 'zod';
import { INPUT_LIMITS, isoTimestampSchema } from '../common/fields';

/** Spec 001 §5: the alert when either field of the comment form is blank. */
export const COMMENT_REQUIRED_MESSAGE = 'Please enter both your name and a comment.';

/** The answer's message after a comment is stored. */
export const COMMENT_ADDED_MESSAGE = 'Comment added successfully';

function requiredBoundedText(max: number, field: string) {
  return z
    .string({ error: COMMENT_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: COMMENT_REQUIRED_MESSAGE })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

/**
 * `POST /api/accounts/{accountId}/comments` body. The wire shape of spec 001 §7 is kept, read the way
 * a reader expects (decision 24): `comment` is the text, `adminUser` the name the writer typed. Both
 * are required and trimmed. Read the fields through `commentFieldsOf`, build a body with
 * `commentBodyOf`, so the mapping lives in one place.
 */
export const accountCommentBodySchema = z.strictObject({
  comment: requiredBoundedText(INPUT_LIMITS.text, 'comment'),
  adminUser: requiredBoundedText(INPUT_LIMITS.name, 'adminUser'),
});
export type AccountCommentBody = z.infer<typeof accountCommentBodySchema>;

/** The author and the text of a comment body: `adminUser` is the name, `comment` the text. */
export function commentFieldsOf(body: AccountCommentBody): { author: string; text: string } {
  return { author: body.adminUser, text: body.comment };
}

/** The comment body for an author and a text. */
export function commentBodyOf(author: string, text: string): AccountCommentBody {
  return { comment: text, adminUser: author };
}

/**
 * A stored comment of an account: the account page's descriptions list (date | author | text).
 * `author` is the name typed in the form; `authorId` the signed-in staff user who wrote it, from the
 * verified token, so the record of who wrote what cannot be forged (absent on comments from before).
 */
export const accountCommentSchema = z.object({
  commentId: z.string().min(1),
  accountId: z.string().min(1),
  author: z.string().min(1),
  authorId: z.string().min(1).optional(),
  text: z.string().min(1),
  createdAt: isoTimestampSchema,
});
export type AccountComment = z.infer<typeof accountCommentSchema>;

/** `POST /api/accounts/{accountId}/comments` answer (spec 001 §7 `{success, message}`). */
export const accountCommentResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  comment: accountCommentSchema,
});
export type AccountCommentResult = z.infer<typeof accountCommentResultSchema>;
