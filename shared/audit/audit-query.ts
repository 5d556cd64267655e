import { z } from 'zod';
import { calendarDateSchema, countSchema, queryParamSchema } from '../common/fields';
import { auditTrailRecordSchema } from './audit-trail';

/**
 * Query strings of the audit trail calls (spec 001 §2.14, §5, §9): filters are trimmed, a blank
 * filter is no filter, dates are `YYYYMMDD`; pages are numbered from 1.
 */

export const AUDIT_PAGE_SIZES = [25, 50, 100, 250] as const;
export type AuditPageSize = (typeof AUDIT_PAGE_SIZES)[number];
export const AUDIT_DEFAULT_PAGE_SIZE: AuditPageSize = 50;

/** The sortable columns (Process Date, Time, Txn #). */
export const auditSortFieldSchema = z.enum([
  'serverProcessDate',
  'serverTimestamp',
  'serverTransactionNumber',
]);
export type AuditSortField = z.infer<typeof auditSortFieldSchema>;
export const sortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/**
 * The default order: process date, then time, then transaction number, newest first. A chosen sort
 * field leads and the other two break its ties in this order.
 */
export const AUDIT_DEFAULT_SORT: readonly AuditSortField[] = [
  'serverProcessDate',
  'serverTimestamp',
  'serverTransactionNumber',
];

export const AUDIT_FILTER_FIELDS = [
  'accountNumber',
  'firmUserId',
  'instrument',
  'orderNumber',
  'action',
  'status',
  'startDate',
  'endDate',
] as const;

const text = queryParamSchema(z.string().optional());

const filterShape = {
  accountNumber: text,
  firmUserId: text,
  instrument: text,
  orderNumber: text,
  action: text,
  status: text,
  startDate: queryParamSchema(calendarDateSchema('startDate').optional()),
  endDate: queryParamSchema(calendarDateSchema('endDate').optional()),
};

const dateOrder = { error: 'endDate must not be before startDate', path: ['endDate'] };

function datesInOrder(filters: { startDate?: string; endDate?: string }): boolean {
  return !filters.startDate || !filters.endDate || filters.startDate <= filters.endDate;
}

export const auditFiltersSchema = z.object(filterShape).refine(datesInOrder, dateOrder);
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

const PAGE_SIZE_MESSAGE = `pageSize must be one of ${AUDIT_PAGE_SIZES.join(', ')}`;

/** `GET /api/audit-trail` query. */
export const auditListQuerySchema = z
  .object({
    ...filterShape,
    page: queryParamSchema(
      z.coerce
        .number({ error: 'page must be a whole number of at least 1' })
        .int({ error: 'page must be a whole number of at least 1' })
        .min(1, { error: 'page must be a whole number of at least 1' })
        .default(1),
    ),
    pageSize: queryParamSchema(
      z.coerce
        .number({ error: PAGE_SIZE_MESSAGE })
        .pipe(z.literal(AUDIT_PAGE_SIZES, { error: PAGE_SIZE_MESSAGE }))
        .default(AUDIT_DEFAULT_PAGE_SIZE),
    ),
    sort: queryParamSchema(auditSortFieldSchema.default('serverProcessDate')),
    sortDirection: queryParamSchema(sortDirectionSchema.default('desc')),
    /** Opaque position from the previous page's `meta.nextCursor`, for Next without recounting. */
    cursor: text,
  })
  .refine(datesInOrder, dateOrder);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export type AuditListQueryInput = z.input<typeof auditListQuerySchema>;

/** `DELETE /api/audit-trail`: the filters plus `confirm=true`, so a bare DELETE deletes nothing. */
export const auditDeleteQuerySchema = z
  .object({
    ...filterShape,
    confirm: z.literal('true', { error: 'confirm=true is required to delete' }),
  })
  .refine(datesInOrder, dateOrder);
export type AuditDeleteQuery = z.infer<typeof auditDeleteQuerySchema>;

export const auditListMetaSchema = z.object({
  total: countSchema,
  page: z.number().int().min(1),
  totalPages: countSchema,
  nextCursor: z.string().optional(),
});
export type AuditListMeta = z.infer<typeof auditListMetaSchema>;

/** `GET /api/audit-trail` answer. */
export const auditListResponseSchema = z.object({
  data: z.array(auditTrailRecordSchema),
  meta: auditListMetaSchema,
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** `DELETE /api/audit-trail` answer: how many records went. */
export const auditDeleteResultSchema = z.object({ deleted: countSchema });
export type AuditDeleteResult = z.infer<typeof auditDeleteResultSchema>;
