import { z } from 'zod';
import { isoTimestampSchema } from '../common/fields';

/** Spec 001 §5: the alert when either field of the comment form is blank. */
export const COMMENT_REQUIRED_MESSAGE = 'Please enter both your name and a comment.';

/**
 * `POST /api/accounts/{accountId}/comments` body. Known quirk kept as spec 001 §7 states it: the
 * form sends its 'Your Name' field as `comment` and its 'Comment' field as `adminUser`. Both are
 * required and trimmed. Read the fields through `commentFieldsOf`, never by their names.
 */
export const accountCommentBodySchema = z.object({
  comment: z
    .string({ error: COMMENT_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: COMMENT_REQUIRED_MESSAGE }),
  adminUser: z
    .string({ error: COMMENT_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: COMMENT_REQUIRED_MESSAGE }),
});
export type AccountCommentBody = z.infer<typeof accountCommentBodySchema>;

/** The author and the text of a comment body, undoing the swapped field names in one place. */
export function commentFieldsOf(body: AccountCommentBody): { author: string; text: string } {
  return { author: body.comment, text: body.adminUser };
}

/** The comment body for an author and a text, swapping them as the call expects. */
export function commentBodyOf(author: string, text: string): AccountCommentBody {
  return { comment: author, adminUser: text };
}

/** A stored comment of an account: the account page's descriptions list (date | author | text). */
export const accountCommentSchema = z.object({
  commentId: z.string().min(1),
  accountId: z.string().min(1),
  author: z.string().min(1),
  text: z.string().min(1),
  createdAt: isoTimestampSchema,
});
export type AccountComment = z.infer<typeof accountCommentSchema>;
