import * as z from 'zod';
import { countSchema, queryParamSchema } from '../common/fields';
import { violationSchema } from '../rules/conformance';
import { tradingDateSchema } from '../rules/day-input';
import { attentionAccountSchema, dashboardAccountSchema, dashboardStatsSchema } from './dashboard';
import { listCursorSchema, pageLimitSchema } from '../common/list-page';

/**
 * What the Account Summary Dashboard's API answers (spec 001 §2.7, §7): the stats of `dashboard.ts`
 * with what the screen's tabs need that the spec leaves open (decisions in docs/decisions.md).
 */

/**
 * An account on the dashboard: the figures of 'close to passing' (spec 001 §9) plus its name, profit
 * and drawdown. `drawdownUsage` is how much of the room between its peak balance and the tightest
 * drawdown floor the account has lost (0 at the peak, 1 at the floor); null without a drawdown rule.
 * `judged` is false before its first judged day (its figures are then the neutral ones).
 */
export const dashboardRowSchema = dashboardAccountSchema.extend({
  name: z.string(),
  email: z.string().optional(),
  judged: z.boolean(),
  closeToPassing: z.boolean(),
  totalProfit: z.number(),
  currentDrawdown: z.number(),
  drawdownUsage: z.number().min(0).max(1).nullable(),
  inactivityWarning: z.boolean(),
  lastCalculationDate: tradingDateSchema.nullable(),
});
export type DashboardRow = z.infer<typeof dashboardRowSchema>;

/**
 * `GET /api/account-summaries/admin/dashboard` data: the spec's stats, the close-to-passing count,
 * the Overview's counts by status and broker status, and the tabs' sizes. Every figure is a kept
 * counter (functions/lib/aggregates), so the answer is the same size at 60 accounts or 100,000; the
 * tabs' rows (the spec's `allAccounts`) are read in pages.
 */
export const dashboardDataSchema = dashboardStatsSchema.omit({ allAccounts: true }).extend({
  closeToPassing: countSchema,
  byStatus: z.object({ active: countSchema, passed: countSchema, failed: countSchema }),
  byBroker: z.object({ Active: countSchema, Inactive: countSchema, 'Admin Only': countSchema }),
  notJudged: countSchema,
  /** Violation rows of the Rule Violations tab (each account's violations in force or decisive). */
  violations: countSchema,
  /** Failed accounts (each with its decisive breach). */
  failures: countSchema,
  needsAttention: countSchema,
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

export const dashboardResponseSchema = z.object({ data: dashboardDataSchema });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** Why an account is in Needs Attention. */
export const attentionReasonSchema = z.enum(['close-to-passing', 'drawdown', 'inactivity']);
export type AttentionReason = z.infer<typeof attentionReasonSchema>;

export const needsAttentionAccountSchema = z.object({
  accountId: z.string().min(1),
  traderId: z.string().min(1),
  name: z.string(),
  phase: dashboardAccountSchema.shape.phase,
  reasons: z.array(attentionReasonSchema).min(1),
  profitTargetProgress: z.number().min(0).max(1),
  drawdownUsage: z.number().min(0).max(1).nullable(),
  inactivityWarning: z.boolean(),
});
export type NeedsAttentionAccount = z.infer<typeof needsAttentionAccountSchema>;

/**
 * A failed account and the breach that failed it (`decisiveBreach` of shared/rules, kept on the
 * stored summary); `decisiveBreach` is null only for a summary stored before it was kept and whose
 * failing day no longer holds a violation in force (re-judge to fill).
 */
export const failedAccountSchema = z.object({
  accountId: z.string().min(1),
  traderId: z.string().min(1),
  name: z.string(),
  phase: dashboardAccountSchema.shape.phase,
  failedDate: tradingDateSchema,
  decisiveBreach: violationSchema.nullable(),
});
export type FailedAccount = z.infer<typeof failedAccountSchema>;

/**
 * What the attention lists hold of some accounts (each account's part is kept in the aggregates'
 * index lists, functions/lib/aggregates): `ruleViolations` (accounts with violations in
 * force or a decisive breach, the newest violation first; each account's violations newest first),
 * `needsAttention` (close to passing, drawdown above 80% of its limit, or an inactivity warning) and
 * `failures` (every failed account with its decisive breach, the latest failure first).
 */
export const attentionDataSchema = z.object({
  ruleViolations: z.array(attentionAccountSchema),
  needsAttention: z.array(needsAttentionAccountSchema),
  failures: z.array(failedAccountSchema),
});
export type AttentionData = z.infer<typeof attentionDataSchema>;

/** Rows a dashboard page holds by default and at most (a page stays far under 1 MB). */
export const DASHBOARD_PAGE_SIZE = 50;
export const DASHBOARD_PAGE_SIZE_MAX = 200;

/** The query of a dashboard list page: its size and the previous page's `nextCursor`. */
export const dashboardPageQuerySchema = z.object({
  limit: pageLimitSchema(DASHBOARD_PAGE_SIZE_MAX, DASHBOARD_PAGE_SIZE),
  cursor: listCursorSchema,
});
export type DashboardPageQuery = z.infer<typeof dashboardPageQuerySchema>;

/** `GET /api/account-summaries/admin/dashboard/accounts`: All accounts (by id) or Top Performers. */
export const dashboardAccountsQuerySchema = dashboardPageQuerySchema.extend({
  order: queryParamSchema(
    z.enum(['account', 'top'], { error: 'order must be account or top' }).default('account'),
  ),
});
export type DashboardAccountsQuery = z.infer<typeof dashboardAccountsQuerySchema>;

const pageMetaSchema = z.object({
  limit: z.number().int().min(1),
  nextCursor: z.string().optional(),
});

const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.array(row), meta: pageMetaSchema });

export const dashboardAccountsResponseSchema = pageOf(dashboardRowSchema);
export type DashboardAccountsResponse = z.infer<typeof dashboardAccountsResponseSchema>;

/** `GET /api/account-summaries/admin/attention`: Needs Attention, by account. */
export const needsAttentionResponseSchema = pageOf(needsAttentionAccountSchema);
export type NeedsAttentionResponse = z.infer<typeof needsAttentionResponseSchema>;

/**
 * `GET /api/account-summaries/admin/violations`: accounts with violations in force or a decisive
 * breach, the newest violation first (each account's violations newest first).
 */
export const violationsResponseSchema = pageOf(attentionAccountSchema);
export type ViolationsResponse = z.infer<typeof violationsResponseSchema>;

/** `GET /api/account-summaries/admin/failures`: every failed account, the latest failure first. */
export const failuresResponseSchema = pageOf(failedAccountSchema);
export type FailuresResponse = z.infer<typeof failuresResponseSchema>;
