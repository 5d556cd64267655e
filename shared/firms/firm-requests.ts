import * as z from 'zod';
import { actionResultSchema, idSchema } from '../common/fields';
import { brokerSchema, managementAccountSchema } from './broker';
import { firmSchema, firmStatsSchema, type Firm } from './firm';
import { managerSoftwareSchema } from './manager-software';

/**
 * Path parameters and answers of the firm routes (spec 001 §7). Lists and searches answer firms
 * without their secrets; only the single-firm read answers them, to staff (decision 31).
 */

export const firmPathSchema = z.object({ id: idSchema('id') });
export type FirmPath = z.infer<typeof firmPathSchema>;

/** A management account as lists show it: no password. */
export const publicManagementAccountSchema = managementAccountSchema.omit({ password: true });
/** Manager software as lists show it: no password, no API keys. */
export const publicManagerSoftwareSchema = managerSoftwareSchema.omit({
  password: true,
  apiKeys: true,
});

/**
 * A firm as `GET /api/firms` and `GET /api/firms/search` answer it: everything but the secrets —
 * management-account and manager-software passwords, API keys, and the payout, Stripe and server
 * key maps.
 */
export const firmSummarySchema = firmSchema
  .omit({
    payoutKeys: true,
    stripeKeys: true,
    serverKeys: true,
    brokers: true,
    managerSoftware: true,
  })
  .extend({
    brokers: z.array(brokerSchema.extend({ mgrAccount: z.array(publicManagementAccountSchema) })),
    managerSoftware: z.array(publicManagerSoftwareSchema),
  });
export type FirmSummary = z.infer<typeof firmSummarySchema>;

/** The firm without any of its secrets, built field by field so a new secret is never copied by accident. */
export function firmWithoutSecrets(firm: Firm): FirmSummary {
  const { payoutKeys: _payout, stripeKeys: _stripe, serverKeys: _server, ...rest } = firm;
  return {
    ...rest,
    brokers: firm.brokers.map((broker) => ({
      ...broker,
      mgrAccount: broker.mgrAccount.map(({ password: _password, ...account }) => account),
    })),
    managerSoftware: firm.managerSoftware.map(
      ({ password: _password, apiKeys: _apiKeys, ...software }) => software,
    ),
  };
}

/** `GET /api/firms[?status=]` and `GET /api/firms/search?q=`. */
export const firmListResponseSchema = z.object({ data: z.array(firmSummarySchema) });
export type FirmListResponse = z.infer<typeof firmListResponseSchema>;

/** `GET /api/firms/stats`. */
export const firmStatsResponseSchema = z.object({ data: firmStatsSchema });
export type FirmStatsResponse = z.infer<typeof firmStatsResponseSchema>;

/** `GET /api/firms/{id}`: the whole firm, secrets included (staff only). */
export const firmResponseSchema = z.object({ data: firmSchema });
export type FirmResponse = z.infer<typeof firmResponseSchema>;

/** `DELETE /api/firms/{id}`. */
export const firmDeleteResultSchema = actionResultSchema;
export type FirmDeleteResult = z.infer<typeof firmDeleteResultSchema>;
