import * as z from 'zod';
import { idSchema, INPUT_LIMITS, queryParamSchema } from '../common/fields';
import { traderSchema } from './trader';
import { listCursorSchema, pageLimitSchema } from '../common/list-page';

/** Path of the trader routes: the id is checked before any database call. */
export const traderPathSchema = z.strictObject({ traderId: idSchema('traderId') });
export type TraderPath = z.infer<typeof traderPathSchema>;

/** Path of `GET /api/traders/details/{id}`: a trader id, or a broker user id (decision 6). */
export const traderDetailsPathSchema = z.strictObject({ id: idSchema('id') });
export type TraderDetailsPath = z.infer<typeof traderDetailsPathSchema>;

/** Traders a list page holds by default and at most (a page of 200 stays far under 1 MB). */
export const TRADER_PAGE_SIZE = 60;
export const TRADER_PAGE_SIZE_MAX = 200;

/**
 * `GET /api/traders` query: an optional search (case-insensitive substring of the trader id, first,
 * last or full name, and email), a page size and the opaque cursor of the previous page's `nextCursor`.
 */
export const traderListQuerySchema = z.object({
  search: queryParamSchema(
    z
      .string()
      .max(INPUT_LIMITS.search, {
        error: `search must be at most ${INPUT_LIMITS.search} characters`,
      })
      .optional(),
  ),
  limit: pageLimitSchema(TRADER_PAGE_SIZE_MAX, TRADER_PAGE_SIZE),
  cursor: listCursorSchema,
});
export type TraderListQuery = z.infer<typeof traderListQuerySchema>;

/**
 * A trader as the list shows it (spec 000 §7: firstName, lastName, traderId, status, email) plus the
 * username; never the membership record, so no password crosses the wire in a list (decision 31).
 */
export const traderListItemSchema = traderSchema.pick({
  traderId: true,
  firstName: true,
  lastName: true,
  username: true,
  email: true,
  status: true,
});
export type TraderListItem = z.infer<typeof traderListItemSchema>;

/**
 * `GET /api/traders` answer: one page in trader id order; `nextCursor` absent on the last page. A
 * search's page may hold fewer traders than `limit` and still have a next page (a request reads a
 * bounded number of traders).
 */
export const traderListResponseSchema = z.object({
  data: z.array(traderListItemSchema),
  meta: z.object({ limit: z.number().int().min(1), nextCursor: z.string().optional() }),
});
export type TraderListResponse = z.infer<typeof traderListResponseSchema>;
