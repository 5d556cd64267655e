import * as z from 'zod';
import { countSchema } from '../common/fields';
import { accountPhaseSchema, rithmicStatusSchema } from '../accounts/account';
import { accountSummarySchema } from '../rules/account-summary';
import { violationSchema } from '../rules/conformance';

/**
 * The Account Summary Dashboard (spec 001 §2.7, §3 "Dashboard"): counts, every account with the
 * figures that decide 'close to passing' (`isCloseToPassing` of shared/rules), and the accounts with
 * rule violations in force.
 */

/** An account as the dashboard lists it. */
export const dashboardAccountSchema = accountSummarySchema
  .pick({
    accountStatus: true,
    profitTargetAchieved: true,
    profitTargetProgress: true,
    consistencyRuleCompliant: true,
    trailingDrawdownCompliant: true,
    activeRuleViolations: true,
    currentBalance: true,
  })
  .extend({
    accountId: z.string().min(1),
    traderId: z.string().min(1),
    phase: accountPhaseSchema,
    rithmicStatus: rithmicStatusSchema,
  });
export type DashboardAccount = z.infer<typeof dashboardAccountSchema>;

/** `GET /api/account-summaries/admin/dashboard` data. `completed`: accounts that passed their phase. */
export const dashboardStatsSchema = z.object({
  totalAccounts: countSchema,
  activeAccounts: countSchema,
  accountsByPhase: z.object({
    evaluation: countSchema,
    'sim-funded': countSchema,
    'live-funded': countSchema,
    demo: countSchema,
    completed: countSchema,
  }),
  allAccounts: z.array(dashboardAccountSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** An account needing attention: its violations in force. */
export const attentionAccountSchema = z.object({
  accountId: z.string().min(1),
  traderId: z.string().min(1),
  phase: accountPhaseSchema,
  activeViolations: z.array(violationSchema).min(1),
});
export type AttentionAccount = z.infer<typeof attentionAccountSchema>;

/** `GET /api/account-summaries/admin/attention` data. */
export const dashboardAttentionSchema = z.object({
  ruleViolations: z.array(attentionAccountSchema),
});
export type DashboardAttention = z.infer<typeof dashboardAttentionSchema>;

/** The dashboard as the screen assembles it from the two calls (spec 001 §3). */
export const dashboardSchema = z.object({
  stats: dashboardStatsSchema,
  attention: dashboardAttentionSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
