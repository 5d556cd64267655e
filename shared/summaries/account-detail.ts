import { z } from 'zod';
import { accountSchema } from '../accounts/account';
import { auditTrailRecordSchema } from '../audit/audit-trail';
import { accountCommentSchema } from '../comments/account-comment';
import { dailyPerformanceSchema } from '../performance/daily-performance';
import { ruleDefinitionSchema } from '../rules/rule-definition';
import { accountSummaryRecordSchema } from './account-summary-record';

/**
 * `GET /api/summaries/account/{accountId}` data: the account with its program, full summary, daily
 * performances (newest first), the rules of its phase, its latest audit events and its comments
 * (spec 001 §3 "Account summary", §7). Here `summary` is the full account summary, where the account
 * lists carry only `{balance, equity}`; null before the account's first judged day.
 */
export const accountDetailSchema = accountSchema.extend({
  summary: accountSummaryRecordSchema.nullable(),
  performances: z.array(dailyPerformanceSchema).default([]),
  rules: z.array(ruleDefinitionSchema).default([]),
  auditTrail: z.array(auditTrailRecordSchema).default([]),
  descriptions: z.array(accountCommentSchema).default([]),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;
