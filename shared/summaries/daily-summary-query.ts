import * as z from 'zod';
import { countSchema, queryParamSchema, requestDateSchema } from '../common/fields';
import {
  listCursorSchema,
  listLimitSchema,
  listPageMetaShape,
  listSortSchema,
} from '../common/list-page';
import { tradingDateSchema } from '../rules/day-input';
import { dailySummaryRowSchema } from './daily-summary';
import { DAILY_SUMMARY_SORTS, type DailySummarySort } from './daily-summary-sorts';

export { DAILY_SUMMARY_SORTS, type DailySummarySort };

/** The paging of a daily summary table: one sort column, a page size (≤ 200) and a cursor. */
export const dailySummaryPageQueryShape = {
  sort: listSortSchema(DAILY_SUMMARY_SORTS),
  limit: listLimitSchema,
  cursor: listCursorSchema,
};

/**
 * `GET /api/summaries/firm` query: one trading date (`YYYYMMDD`), the latest with data when absent,
 * and a page of it. The firm summary answers one day at a time, a page at a time.
 */
export const firmSummaryQuerySchema = z.object({
  date: queryParamSchema(requestDateSchema('date').optional()),
  ...dailySummaryPageQueryShape,
});

/** `GET /api/summaries/trader/{traderId}` query: a page of the trader's days. */
export const traderSummaryQuerySchema = z.object(dailySummaryPageQueryShape);
export type TraderSummaryQuery = z.infer<typeof traderSummaryQuerySchema>;

/**
 * The totals of a daily summary view (every row of it, not the page): rows, their P&L and trades,
 * and the accounts by status. The firm summary's come from one named function the maintained
 * counters replace (docs/decisions.md, Scale).
 */
export const dailySummaryTotalsSchema = z.object({
  rows: countSchema,
  dailyPnl: z.number(),
  dailyTrades: countSchema,
  active: countSchema,
  passed: countSchema,
  failed: countSchema,
});
export type DailySummaryTotals = z.infer<typeof dailySummaryTotalsSchema>;
export type FirmSummaryQuery = z.infer<typeof firmSummaryQuerySchema>;

/**
 * `GET /api/summaries/firm` answer: one page of the rows of one date (by account id unless sorted),
 * the date's totals, and the dates to page through: `date` (null when no day has data yet), the
 * trading dates before and after it, and the latest trading dates (newest first) for a date picker.
 */
export const firmSummaryResponseSchema = z.object({
  data: z.array(dailySummaryRowSchema),
  meta: z.object({
    date: tradingDateSchema.nullable(),
    previousDate: tradingDateSchema.nullable(),
    nextDate: tradingDateSchema.nullable(),
    latestDates: z.array(tradingDateSchema),
    ...listPageMetaShape,
    totals: dailySummaryTotalsSchema.optional(),
  }),
});

/** `GET /api/summaries/trader/{traderId}` answer: one page of the trader's days and their totals. */
export const traderSummaryResponseSchema = z.object({
  data: z.array(dailySummaryRowSchema),
  meta: z.object({ ...listPageMetaShape, totals: dailySummaryTotalsSchema.optional() }).optional(),
});
export type TraderSummaryResponse = z.infer<typeof traderSummaryResponseSchema>;
export type FirmSummaryResponse = z.infer<typeof firmSummaryResponseSchema>;

/** The trading dates the firm summary offers in its picker. */
export const FIRM_SUMMARY_DATES = 60;
