import * as z from 'zod';
import { countSchema } from '../common/fields';
import { violationSchema } from '../rules/conformance';
import { tradingDateSchema } from '../rules/day-input';
import { attentionAccountSchema, dashboardAccountSchema, dashboardStatsSchema } from './dashboard';

/**
 * What the Account Summary Dashboard's API answers (spec 001 §2.7, §7): the stats of `dashboard.ts`
 * with what the screen's tabs need that the spec leaves open (decisions in docs/decisions.md).
 */

/** The share of a drawdown limit in use above which an account needs attention. */
export const DRAWDOWN_ATTENTION_SHARE = 0.8;

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

/** `GET /api/account-summaries/admin/dashboard` data: the spec's stats and the close-to-passing count. */
export const dashboardDataSchema = dashboardStatsSchema.extend({
  closeToPassing: countSchema,
  allAccounts: z.array(dashboardRowSchema),
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
 * `GET /api/account-summaries/admin/attention` data: `ruleViolations` (accounts with violations in
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

export const attentionResponseSchema = z.object({ data: attentionDataSchema });
export type AttentionResponse = z.infer<typeof attentionResponseSchema>;
