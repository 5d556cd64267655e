import * as z from 'zod';
import { accountSchema } from '../accounts/account';
import { accountCommentSchema } from '../comments/account-comment';
import { dailyPerformanceSchema } from '../performance/daily-performance';
import { ruleDefinitionSchema } from '../rules/rule-definition';
import { drawdownDaySchema } from '../rules/drawdown-day';
import { tradingDateSchema } from '../rules/day-input';
import { programSchema } from '../programs/program';
import { accountSummaryRecordSchema } from './account-summary-record';

/**
 * `GET /api/summaries/account/{accountId}` data: the account with its program, full summary, daily
 * performances (newest first), the rule definitions its phase references and its comments (spec 001
 * §3 "Account summary", §7). Here `summary` is the full account summary, where the account lists
 * carry only `{balance, equity}`; null before the account's first judged day. `programVersion` is the
 * program version the account trades (phases, rule references, chart figures), null when it has
 * none or the version is gone. The account's audit events are read page by page from
 * `GET /api/audit-trail?accountNumber=` (they can run to thousands).
 */
/** The drawdown rule on one day, as the engine judged it (decision 34). */
export const accountDrawdownDaySchema = drawdownDaySchema.extend({ date: tradingDateSchema });
export type AccountDrawdownDay = z.infer<typeof accountDrawdownDaySchema>;

export const accountDetailSchema = accountSchema.extend({
  summary: accountSummaryRecordSchema.nullable(),
  balance: accountSchema.shape.summary,
  programVersion: programSchema.nullable().default(null),
  performances: z.array(dailyPerformanceSchema).default([]),
  rules: z.array(ruleDefinitionSchema).default([]),
  descriptions: z.array(accountCommentSchema).default([]),
  /**
   * The drawdown rule per judged day, oldest first (`drawdownOfDay` of shared/rules): the chart's
   * floor line and the drawdown figures of the page. Empty without a drawdown rule.
   */
  drawdowns: z.array(accountDrawdownDaySchema).default([]),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

/** `GET /api/summaries/account/{accountId}` answer. */
export const accountDetailResponseSchema = z.object({ data: accountDetailSchema });
export type AccountDetailResponse = z.infer<typeof accountDetailResponseSchema>;
