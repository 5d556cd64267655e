import * as z from 'zod';
import { INPUT_LIMITS, queryParamSchema } from './fields';

/** The most rows a staff list answers in one page (and its default), so an answer stays < 1 MB. */
export const LIST_PAGE_SIZE_MAX = 200;

/** `limit` of a paged list: 1 to `max` rows, `fallback` when absent. */
export function pageLimitSchema(max: number, fallback: number = max) {
  return queryParamSchema(
    z.coerce
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(max, { error: `limit must be at most ${max}` })
      .default(fallback),
  );
}

/** `limit` of a paged staff list: 1 to 200 rows, 200 when absent. */
export const listLimitSchema = pageLimitSchema(LIST_PAGE_SIZE_MAX);

/** The opaque `cursor` of a previous page's `meta.nextCursor`. */
export const listCursorSchema = queryParamSchema(
  z
    .string()
    .max(INPUT_LIMITS.token, { error: `cursor must be at most ${INPUT_LIMITS.token} characters` })
    .optional(),
);

/**
 * A one-column `sort` as the tables write it in their URL: the column id, with a leading `-` for
 * descending (`-pnl`); `ids` are the columns the server can sort by.
 */
export function listSortSchema<Id extends string>(ids: readonly [Id, ...Id[]]) {
  const pattern = new RegExp(`^-?(${ids.map((id) => id.replace(/[^\w]/g, '\\$&')).join('|')})$`);
  return queryParamSchema(
    z
      .string()
      .regex(pattern, { error: `sort must be one of ${ids.join(', ')}, with - for descending` })
      .transform((value) => ({
        id: (value.startsWith('-') ? value.slice(1) : value) as Id,
        desc: value.startsWith('-'),
      }))
      .optional(),
  );
}
export type ListSort<Id extends string> = { id: Id; desc: boolean };

/** The paging part of a list answer's `meta`: the page size and, unless last, the next cursor. */
export const listPageMetaShape = {
  limit: z.number().int().min(1).optional(),
  nextCursor: z.string().optional(),
};
