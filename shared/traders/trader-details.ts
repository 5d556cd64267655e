import { z } from 'zod';
import { accountSchema } from '../accounts/account';
import { ruleDefinitionSchema } from '../rules/rule-definition';
import { traderSchema } from './trader';

/**
 * `GET /api/traders/details/{id}`: the trader, their accounts and the rules of their accounts'
 * phases (spec 000 §7; `rules` optional, default empty).
 */
export const traderDetailsSchema = z.object({
  trader: traderSchema,
  accounts: z.array(accountSchema),
  rules: z.array(ruleDefinitionSchema).default([]),
});
export type TraderDetails = z.infer<typeof traderDetailsSchema>;
