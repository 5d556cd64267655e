import * as z from 'zod';
import { ruleDefinitionSchema } from '../rules/rule-definition';
import { traderAccountSchema } from './trader-account';
import { traderSchema } from './trader';

/**
 * `GET /api/traders/details/{id}`: the trader, their accounts and the rules of their accounts'
 * phases (spec 000 §7; `rules` optional, default empty). The membership password is in `trader`
 * only for staff.
 */
export const traderDetailsSchema = z.object({
  trader: traderSchema,
  accounts: z.array(traderAccountSchema),
  rules: z.array(ruleDefinitionSchema).default([]),
});
export type TraderDetails = z.infer<typeof traderDetailsSchema>;
