import * as z from 'zod';
import { queryParamSchema, requestDateSchema } from '../common/fields';
import { tradingDateSchema } from '../rules/day-input';
import { dailySummaryRowSchema } from './daily-summary';

/**
 * `GET /api/summaries/firm` query: one trading date (`YYYYMMDD`), the latest with data when absent.
 * The firm summary answers one day at a time, so it never reads the whole history.
 */
export const firmSummaryQuerySchema = z.object({
  date: queryParamSchema(requestDateSchema('date').optional()),
});
export type FirmSummaryQuery = z.infer<typeof firmSummaryQuerySchema>;

/**
 * `GET /api/summaries/firm` answer: the rows of one date (by account id) and the dates to page
 * through: `date` (null when no day has data yet), the trading dates before and after it, and the
 * latest trading dates (newest first) for a date picker.
 */
export const firmSummaryResponseSchema = z.object({
  data: z.array(dailySummaryRowSchema),
  meta: z.object({
    date: tradingDateSchema.nullable(),
    previousDate: tradingDateSchema.nullable(),
    nextDate: tradingDateSchema.nullable(),
    latestDates: z.array(tradingDateSchema),
  }),
});
export type FirmSummaryResponse = z.infer<typeof firmSummaryResponseSchema>;

/** The trading dates the firm summary offers in its picker. */
export const FIRM_SUMMARY_DATES = 60;
