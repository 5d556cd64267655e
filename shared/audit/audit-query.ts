import * as z from 'zod';
import {
  boundedTextSchema,
  countSchema,
  INPUT_LIMITS,
  queryParamSchema,
  requestDateSchema,
} from '../common/fields';
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

/** A trimmed filter value; blank is no filter. */
function filterText(field: string) {
  return queryParamSchema(boundedTextSchema(field, INPUT_LIMITS.search).optional());
}

const filterShape = {
  accountNumber: filterText('accountNumber'),
  firmUserId: filterText('firmUserId'),
  instrument: filterText('instrument'),
  orderNumber: filterText('orderNumber'),
  action: filterText('action'),
  status: filterText('status'),
  startDate: queryParamSchema(requestDateSchema('startDate').optional()),
  endDate: queryParamSchema(requestDateSchema('endDate').optional()),
};

const dateOrder = { error: 'endDate must not be before startDate', path: ['endDate'] };

function datesInOrder(filters: { startDate?: string; endDate?: string }): boolean {
  return !filters.startDate || !filters.endDate || filters.startDate <= filters.endDate;
}

export const auditFiltersSchema = z.object(filterShape).refine(datesInOrder, dateOrder);
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** Far past the last page of any trail (a billion rows at 250 a page is 4,000,000 pages). */
export const AUDIT_MAX_PAGE = 10_000_000;
const PAGE_MESSAGE = `page must be a whole number from 1 to ${AUDIT_MAX_PAGE}`;

const PAGE_SIZE_MESSAGE = `pageSize must be one of ${AUDIT_PAGE_SIZES.join(', ')}`;

/** `GET /api/audit-trail` query. */
export const auditListQuerySchema = z
  .object({
    ...filterShape,
    page: queryParamSchema(
      z.coerce
        .number({ error: PAGE_MESSAGE })
        .int({ error: PAGE_MESSAGE })
        .min(1, { error: PAGE_MESSAGE })
        .max(AUDIT_MAX_PAGE, { error: PAGE_MESSAGE })
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
    cursor: queryParamSchema(boundedTextSchema('cursor', INPUT_LIMITS.token).optional()),
  })
  .refine(datesInOrder, dateOrder);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export type AuditListQueryInput = z.input<typeof auditListQuerySchema>;

export const AUDIT_DELETE_NEEDS_FILTER =
  'Give at least one filter; to delete every record, give a date range (startDate and endDate)';

/**
 * `DELETE /api/audit-trail`: the filters plus `confirm=true`, so a bare DELETE deletes nothing, and at
 * least one filter, so wiping the whole trail takes an explicit date range.
 */
export const auditDeleteQuerySchema = z
  .object({
    ...filterShape,
    confirm: queryParamSchema(z.literal('true', { error: 'confirm=true is required to delete' })),
  })
  .refine(datesInOrder, dateOrder)
  .refine((query) => AUDIT_FILTER_FIELDS.some((field) => query[field] !== undefined), {
    error: AUDIT_DELETE_NEEDS_FILTER,
    path: ['startDate'],
  });
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

/** `DELETE /api/audit-trail` answer: how many records went, and the operation that records it. */
export const auditDeleteResultSchema = z.object({
  deleted: countSchema,
  /** The entry of the operations log (shared/audit/audit-operations.ts) that records the delete. */
  operationId: z.string().optional(),
});
export type AuditDeleteResult = z.infer<typeof auditDeleteResultSchema>;
