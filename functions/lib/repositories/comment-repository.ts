import { randomUUID } from 'node:crypto';
import { accountCommentSchema, type AccountComment } from '@shared/comments/account-comment';
import { accountKeys, commentKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { putNew, queryPage } from '../db/table';

/** Comments shown per page of the account page's list when the caller does not say. */
export const COMMENT_PAGE_SIZE = 25;

/**
 * Staff comments of an account, in the account's partition under `COMMENT#<createdAt>#<id>`, so the
 * partition reads them in time order and a reverse query gives the newest first.
 */
export const commentRepository = {
  /**
   * Adds a comment: Put `ACCOUNT#<id> / COMMENT#<createdAt>#<commentId>` with
   * `attribute_not_exists(PK)`. Takes author and text read from the body by `commentFieldsOf`, and
   * the signed-in staff user's id (`authorId`) from the token; `at` is the comment's time, now unless
   * a caller (seeding, tests) fixes it.
   */
  async add(
    accountId: string,
    fields: { author: string; text: string; authorId?: string },
    at: Date = new Date(),
  ): Promise<AccountComment> {
    const comment = accountCommentSchema.parse({
      ...fields,
      accountId,
      commentId: randomUUID(),
      createdAt: at.toISOString(),
    });
    await putNew(
      { ...comment, ...commentKeys.comment(accountId, comment.createdAt, comment.commentId) },
      `Comment ${comment.commentId} already exists`,
    );
    return comment;
  },

  /**
   * Access pattern "comments of an account, newest first": Query `PK = ACCOUNT#<id>`,
   * `begins_with(SK, COMMENT#)`, reverse, one page from an opaque cursor.
   */
  async listByAccount(
    accountId: string,
    paging: { limit?: number; cursor?: string } = {},
  ): Promise<Page<AccountComment>> {
    const page = await queryPage(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :comment)',
        ExpressionAttributeValues: {
          ':pk': accountKeys.profile(accountId).PK,
          ':comment': commentKeys.prefix,
        },
        ScanIndexForward: false,
      },
      paging.limit ?? COMMENT_PAGE_SIZE,
      paging.cursor,
    );
    return {
      ...page,
      items: page.items.map((item) => accountCommentSchema.parse(withoutKeys(item))),
    };
  },
};
