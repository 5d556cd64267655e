import * as z from 'zod';
import { accountStatusSchema } from '../rules/account-summary';
import { tradingDateSchema } from '../rules/day-input';

/**
 * How re-judging an account under another program version changed where it stands: what an impact
 * preview, a program upgrade and any background job that re-judges accounts report
 * (functions/lib/judging/status-change.ts builds it).
 */

/** Where an account stands: its judged status and whether it may request a payout. */
export const accountStandingSchema = z.object({
  status: accountStatusSchema,
  payoutEligible: z.boolean(),
});
export type AccountStanding = z.infer<typeof accountStandingSchema>;

/** The rule and day that failed an account (shared/rules/decisive-breach.ts). */
export const decisiveRuleSchema = z.object({
  ruleId: z.string(),
  name: z.string(),
  date: tradingDateSchema,
  description: z.string(),
});
export type DecisiveRule = z.infer<typeof decisiveRuleSchema>;

/** One account whose standing differs between the version it trades and the new one. */
export const accountStatusChangeSchema = z.object({
  accountId: z.string(),
  traderId: z.string(),
  before: accountStandingSchema,
  after: accountStandingSchema,
  /** The breach that fails the account under the new version, when it fails there but did not before. */
  decisive: decisiveRuleSchema.nullable(),
});
export type AccountStatusChange = z.infer<typeof accountStatusChangeSchema>;
