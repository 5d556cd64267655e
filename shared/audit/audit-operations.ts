import * as z from 'zod';
import {
  boundedTextSchema,
  countSchema,
  INPUT_LIMITS,
  isoTimestampSchema,
  queryParamSchema,
} from '../common/fields';
import { auditStatsSchema } from './audit-trail';

/**
 * The operations log of the audit trail: every bulk delete, with who asked, the filters
 * and the count, readable by staff at `GET /api/audit-trail/operations`.
 */

/**
 * One bulk delete in the operations log: who asked, with which filters, when it started and ended,
 * and how many records went. `started` until it completes, so a delete that failed midway shows.
 */
export const auditOperationSchema = z.object({
  id: z.string(),
  kind: z.literal('bulk-delete'),
  filters: z.object({
    accountNumber: z.string().optional(),
    firmUserId: z.string().optional(),
    instrument: z.string().optional(),
    orderNumber: z.string().optional(),
    action: z.string().optional(),
    status: z.string().optional(),
    startDate: z.string().optional(),
    endDate: z.string().optional(),
  }),
  requestedBy: z.object({ userId: z.string(), email: z.string().optional() }),
  status: z.enum(['started', 'completed']),
  deleted: countSchema.optional(),
  startedAt: isoTimestampSchema,
  finishedAt: isoTimestampSchema.optional(),
});
export type AuditOperation = z.infer<typeof auditOperationSchema>;

/** `GET /api/audit-trail/operations` query: a cursor from the previous page. */
export const auditOperationsQuerySchema = z.object({
  cursor: queryParamSchema(boundedTextSchema('cursor', INPUT_LIMITS.token).optional()),
});

/** `GET /api/audit-trail/operations` answer, newest first. */
export const auditOperationListSchema = z.object({
  data: z.array(auditOperationSchema),
  nextCursor: z.string().optional(),
});
export type AuditOperationList = z.infer<typeof auditOperationListSchema>;

/** `GET /api/audit-trail/stats` answer. */
export const auditStatsResponseSchema = z.object({ data: auditStatsSchema });
export type AuditStatsResponse = z.infer<typeof auditStatsResponseSchema>;
