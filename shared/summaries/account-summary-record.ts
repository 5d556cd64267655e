import * as z from 'zod';
import { accountPhaseSchema } from '../accounts/account';
import { isoTimestampSchema } from '../common/fields';
import { accountSummarySchema } from '../rules/account-summary';
import { tradingDateSchema } from '../rules/day-input';

/** A payout paid from a funded account. */
export const payoutSchema = z.object({
  date: tradingDateSchema,
  amount: z.number().positive(),
  reference: z.string().optional(),
});
export type Payout = z.infer<typeof payoutSchema>;

/**
 * The stored account summary: the engine's computed summary (`accountSummarySchema` of shared/rules)
 * with the account and trader it belongs to and the fields spec 001 §3 adds (payout history, last conformance check, phase,
 * times). It is also spec 000's "Account summary card" and the Current Summary page's data.
 * `lastconformanceCheck` keeps the spec's spelling.
 */
export const accountSummaryRecordSchema = accountSummarySchema.extend({
  accountId: z.string().min(1),
  traderId: z.string().min(1),
  phase: accountPhaseSchema,
  payoutHistory: z.array(payoutSchema).default([]),
  lastconformanceCheck: isoTimestampSchema.nullable(),
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
});
export type AccountSummaryRecord = z.infer<typeof accountSummaryRecordSchema>;
export type AccountSummaryRecordInput = z.input<typeof accountSummaryRecordSchema>;
