import * as z from 'zod';
import { countSchema, isoTimestampSchema } from '../common/fields';
import { tradingDateSchema } from '../rules/day-input';

/**
 * An order event of the broker's audit trail (spec 001 §3 "Audit trail record", a superset of spec
 * 000's entry). `serverProcessDate` is `YYYYMMDD` like every date of the broker files and the audit
 * filters; spec 000 shows it `yyyy-mm-dd`, which is display only.
 */

/** The actions and statuses the screens know; the broker may send others, which are kept as is. */
export const AUDIT_ACTIONS = ['NEW', 'FILL', 'CANCEL', 'REPLACE'] as const;
export const knownAuditActionSchema = z.enum(AUDIT_ACTIONS);
export type KnownAuditAction = z.infer<typeof knownAuditActionSchema>;
export const AUDIT_STATUSES = ['FILLED', 'REJECTED', 'CANCELLED'] as const;
export const knownAuditStatusSchema = z.enum(AUDIT_STATUSES);
export type KnownAuditStatus = z.infer<typeof knownAuditStatusSchema>;

/** `B` is a buy (quantity shown with +); anything else is a sell. */
export const BUY_INDICATOR = 'B';

export const auditTrailRecordSchema = z.object({
  serverProcessDate: tradingDateSchema,
  serverTimestamp: isoTimestampSchema,
  accountNumber: z.string().min(1),
  firmUserId: z.string().optional(),
  instrument: z.string().optional(),
  action: z.string().min(1),
  status: z.string().optional(),
  quantity: countSchema.optional(),
  buySellIndicator: z.string().optional(),
  limitPrice: z.number().optional(),
  stopPrice: z.number().optional(),
  fillPrice: z.number().optional(),
  positionDisposition: z.string().optional(),
  orderNumber: z.string().optional(),
  orderType: z.string().optional(),
  serverTransactionNumber: z.string().min(1),
  message: z.string().optional(),
  exchange: z.string().optional(),
});
export type AuditTrailRecord = z.infer<typeof auditTrailRecordSchema>;

/** `GET /api/audit-trail/stats` data: the collection overview (spec 001 §3). */
export const auditStatsSchema = z.object({
  totalRecords: countSchema,
  /** First and last process dates; null while the collection is empty. */
  dateRange: z.object({ start: tradingDateSchema.nullable(), end: tradingDateSchema.nullable() }),
  /** Distinct accounts and instruments. */
  accounts: countSchema,
  instruments: countSchema,
  /** Record count per action, `_id` being the action. */
  actions: z.array(z.object({ _id: z.string(), count: countSchema })),
});
export type AuditStats = z.infer<typeof auditStatsSchema>;
