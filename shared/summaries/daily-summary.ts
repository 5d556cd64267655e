import * as z from 'zod';
import { countSchema } from '../common/fields';
import { accountStatusSchema } from '../rules/account-summary';
import { tradingDateSchema } from '../rules/day-input';

/**
 * A row of the firm and trader daily summaries (spec 001 §3 "Account summary for day lists"). Rates
 * and progress are fractions (0.55 is 55%), like the account summary's.
 */
export const dailySummaryRowSchema = z.object({
  date: tradingDateSchema,
  traderId: z.string().min(1),
  accountId: z.string().min(1),
  /** The day's number among the account's trading days (1 for the first). */
  tradingDay: countSchema,
  dailyPnl: z.number(),
  dailyTrades: countSchema,
  dailyWinRate: z.number().min(0).max(1).nullable(),
  startingBalance: z.number(),
  endingBalance: z.number(),
  /** Peak balance so far minus the day's ending balance. */
  runningDrawdown: z.number().min(0),
  profitTargetProgress: z.number().min(0).max(1).nullable(),
  consistencyViolation: z.boolean(),
  accountStatus: accountStatusSchema,
});
export type DailySummaryRow = z.infer<typeof dailySummaryRowSchema>;

/** `GET /api/summaries/firm` and `GET /api/summaries/trader/{traderId}` answer. */
export const dailySummaryListResponseSchema = z.object({ data: z.array(dailySummaryRowSchema) });
export type DailySummaryListResponse = z.infer<typeof dailySummaryListResponseSchema>;
