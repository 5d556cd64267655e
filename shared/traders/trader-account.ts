import * as z from 'zod';
import { accountSchema } from '../accounts/account';
import { phaseRuleReferenceSchema } from '../programs/program';
import { accountSummaryRecordSchema } from '../summaries/account-summary-record';

/**
 * An account as the trader screens read it: the account with its full summary (the Account Summary
 * card, the per-account row's progress bars), null before its first judged day. `phaseRules` (in
 * the trader details only) are the rule references of the account's current phase, with their
 * overrides; their definitions are the details' `rules`. Absent without a program.
 */
export const traderAccountSchema = accountSchema.extend({
  accountSummary: accountSummaryRecordSchema.nullable().default(null),
  phaseRules: z.array(phaseRuleReferenceSchema).optional(),
});
export type TraderAccount = z.infer<typeof traderAccountSchema>;

/** `GET /api/accounts/trader/{traderId}` answer: the trader's accounts (spec 001 §7), in id order. */
export const traderAccountListResponseSchema = z.array(traderAccountSchema);
export type TraderAccountListResponse = z.infer<typeof traderAccountListResponseSchema>;
