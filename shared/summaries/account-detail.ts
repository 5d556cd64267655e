import * as z from 'zod';
import { accountSchema } from '../accounts/account';
import { accountCommentSchema } from '../comments/account-comment';
import { dailyPerformanceSchema } from '../performance/daily-performance';
import { ruleDefinitionSchema } from '../rules/rule-definition';
import { drawdownDaySchema } from '../rules/drawdown-day';
import { tradingDateSchema } from '../rules/day-input';
import { programSchema } from '../programs/program';
import { accountSummaryRecordSchema } from './account-summary-record';
import { listCursorSchema, listPageMetaShape, pageLimitSchema } from '../common/list-page';

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
  /**
   * The newest days, newest first: the first page ({@link ACCOUNT_DAYS_PAGE} at most); the days
   * before them are read from `GET /api/summaries/account/{accountId}/days?cursor=performancesCursor`.
   */
  performances: z.array(dailyPerformanceSchema).default([]),
  /** The cursor of the days after `performances`; absent when they are every day of the account. */
  performancesCursor: z.string().optional(),
  rules: z.array(ruleDefinitionSchema).default([]),
  descriptions: z.array(accountCommentSchema).default([]),
  /**
   * The drawdown rule per judged day of `performances`, oldest first (`drawdownOfDay` of
   * shared/rules): the drawdown figures of the page. Empty without a drawdown rule.
   */
  drawdowns: z.array(accountDrawdownDaySchema).default([]),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

/** `GET /api/summaries/account/{accountId}` answer. */
export const accountDetailResponseSchema = z.object({ data: accountDetailSchema });
export type AccountDetailResponse = z.infer<typeof accountDetailResponseSchema>;

/** Days the account page's first answer and each further page carry by default. */
export const ACCOUNT_DAYS_PAGE = 100;
/** The most days one page answers (a day row is ~0.5 KB, so a page stays far below 1 MB). */
export const ACCOUNT_DAYS_PAGE_MAX = 200;

/** `GET /api/summaries/account/{accountId}/days?limit=&cursor=` query. */
export const accountDaysQuerySchema = z.object({
  limit: pageLimitSchema(ACCOUNT_DAYS_PAGE_MAX, ACCOUNT_DAYS_PAGE),
  cursor: listCursorSchema,
});
export type AccountDaysQuery = z.infer<typeof accountDaysQuerySchema>;

/** A page of an account's days, newest first, with the cursor of the next (older) page. */
export const accountDaysResponseSchema = z.object({
  data: z.array(dailyPerformanceSchema),
  meta: z.object(listPageMetaShape),
});
export type AccountDaysResponse = z.infer<typeof accountDaysResponseSchema>;

/**
 * One day of the balance chart: the account and cash balances and the drawdown floor after the day
 * (as it trailed and locked, decision 34; null without a drawdown rule). ~80 bytes a day, so ten
 * years of days stay far below 1 MB.
 */
export const balanceSeriesPointSchema = z.object({
  date: tradingDateSchema,
  accountBalance: z.number(),
  cashBalance: z.number().nullable(),
  floor: z.number().nullable(),
});
export type BalanceSeriesPoint = z.infer<typeof balanceSeriesPointSchema>;

/** `GET /api/summaries/account/{accountId}/balances`: every day, oldest first, one point each. */
export const balanceSeriesResponseSchema = z.object({ data: z.array(balanceSeriesPointSchema) });
export type BalanceSeriesResponse = z.infer<typeof balanceSeriesResponseSchema>;
