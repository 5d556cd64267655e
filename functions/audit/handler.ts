import { randomUUID } from 'node:crypto';
import {
  AUDIT_FILTER_FIELDS,
  auditDeleteQuerySchema,
  auditListQuerySchema,
  type AuditDeleteResult,
  type AuditFilters,
  type AuditListResponse,
} from '@shared/audit/audit-query';
import {
  auditOperationsQuerySchema,
  type AuditOperation,
  type AuditOperationList,
} from '@shared/audit/audit-operations';
import type { AuditStats } from '@shared/audit/audit-trail';
import { auditRoutes } from '@shared/api/routes/audit';
import { createHttpHandler, route } from '../lib/http-handler';
import { logger } from '../lib/logger';
import { auditRepository } from '../lib/repositories/audit-repository';

/** The filters of a delete, without `confirm`, as the operations log records them. */
function filtersOf(query: AuditFilters): AuditFilters {
  return Object.fromEntries(
    AUDIT_FILTER_FIELDS.filter((field) => query[field] !== undefined).map((field) => [
      field,
      query[field],
    ]),
  ) as AuditFilters;
}

/** The order audit trail (spec 001 §2.14, §7): pages, the collection overview and bulk delete. */
export const handler = createHttpHandler(auditRoutes, {
  'GET /api/audit-trail': route({
    query: auditListQuerySchema,
    async handle({ query }): Promise<AuditListResponse> {
      return auditRepository.search(query);
    },
  }),

  'GET /api/audit-trail/stats': route({
    async handle(): Promise<{ data: AuditStats }> {
      return { data: await auditRepository.stats() };
    },
  }),

  'GET /api/audit-trail/operations': route({
    query: auditOperationsQuerySchema,
    async handle({ query }): Promise<AuditOperationList> {
      const page = await auditRepository.listOperations(query.cursor);
      return { data: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
    },
  }),

  /**
   * Deletes every record matching the filters (`confirm=true` and at least one filter required). The
   * operation is logged as started before any row goes and completed with its count, so a delete
   * that failed midway is still on record.
   */
  'DELETE /api/audit-trail': route({
    query: auditDeleteQuerySchema,
    async handle({ query, caller }): Promise<AuditDeleteResult> {
      const filters = filtersOf(query);
      const operation: AuditOperation = {
        id: randomUUID(),
        kind: 'bulk-delete',
        filters,
        requestedBy: {
          userId: caller?.userId ?? 'unknown',
          ...(caller?.email && { email: caller.email }),
        },
        status: 'started',
        startedAt: new Date().toISOString(),
      };
      await auditRepository.recordOperation(operation);
      const deleted = await auditRepository.deleteMatching(filters);
      await auditRepository.recordOperation({
        ...operation,
        status: 'completed',
        deleted,
        finishedAt: new Date().toISOString(),
      });
      logger.info('audit records deleted', { operationId: operation.id, filters, deleted });
      return { deleted, operationId: operation.id };
    },
  }),
});
