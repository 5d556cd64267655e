import {
  keepPreviousData,
  skipToken,
  useQuery,
  useMutation,
  useQueryClient,
  queryOptions,
} from '@tanstack/react-query';

import {
  AUDIT_FILTER_FIELDS,
  auditListResponseSchema,
  auditDeleteResultSchema,
  type AuditListResponse,
  type AuditPageSize,
  type AuditSortField,
  type SortDirection,
} from '@shared/audit/audit-query';
import { apiClient, ApiError } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import { auditOperationListSchema, auditStatsResponseSchema } from '@shared/audit/audit-operations';

export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];
export type AuditFilterValues = Record<AuditFilterField, string>;

/** What one list request asks for: the audit screen's view, as its URL holds it. */
export interface AuditView {
  page: number;
  pageSize: AuditPageSize;
  sort: AuditSortField;
  sortDirection: SortDirection;
  filters: AuditFilterValues;
}

/** The query string values of the list call (and, with `confirm`, of the bulk delete). */
export function filterQuery(filters: AuditFilterValues): Record<string, string | undefined> {
  return Object.fromEntries(
    AUDIT_FILTER_FIELDS.map((field) => [field, filters[field].trim() || undefined]),
  );
}

export const ACCOUNT_AUDIT_PAGE_SIZE = 25;

/** One page of an account's order events, newest first (`GET /api/audit-trail?accountNumber=`). */
export function useAccountAuditTrail(accountNumber: string | undefined, page: number) {
  return useQuery({
    queryKey: ['audit', 'account', accountNumber ?? '', page],
    queryFn:
      accountNumber === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/audit-trail', {
              schema: auditListResponseSchema,
              query: { accountNumber, page, pageSize: ACCOUNT_AUDIT_PAGE_SIZE },
              signal,
            }),
    placeholderData: keepPreviousData,
  });
}

const auditKey = ['audit'] as const;

/** The debug line of the screen: the last list request and how it ended. */
export interface AuditRequestTrace {
  url: string;
  status: number | 'failed' | 'pending';
}

function listQuery(view: AuditView, cursor: string | undefined) {
  return {
    ...filterQuery(view.filters),
    page: view.page,
    pageSize: view.pageSize,
    sort: view.sort,
    sortDirection: view.sortDirection,
    cursor,
  };
}

function urlOf(query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  return `/api/audit-trail?${search.toString()}`;
}

/**
 * One page of the trail. `cursor` is the previous page's `meta.nextCursor` when the page was reached
 * by Next, so the server resumes instead of counting its way to the page. The previous page stays
 * on screen while the next one loads. The trace is the request of the page shown and how it ended.
 */
export function useAuditTrail(view: AuditView, cursor: string | undefined) {
  const query = useQuery(auditTrailQuery(view, cursor));
  let status: AuditRequestTrace['status'] = 'pending';
  if (query.isError) status = query.error instanceof ApiError ? query.error.status : 'failed';
  else if (query.isSuccess && !query.isPlaceholderData) status = 200;
  const trace: AuditRequestTrace = { url: urlOf(listQuery(view, cursor)), status };
  return { ...query, trace };
}

/** The query of `useAuditTrail`, which the screen's route loader starts (without a cursor). */
export function auditTrailQuery(view: AuditView, cursor: string | undefined) {
  return queryOptions({
    queryKey: [...auditKey, 'list', view],
    queryFn: ({ signal }): Promise<AuditListResponse> =>
      apiClient.get('/api/audit-trail', {
        schema: auditListResponseSchema,
        query: listQuery(view, cursor),
        signal,
      }),
    placeholderData: keepPreviousData,
    ...PREFETCHED_QUERY,
  });
}

/** The collection overview; a failure is only logged (spec 001 §8), the overview stays blank. */
export function useAuditStats() {
  return useQuery(auditStatsQuery());
}

/** The query of `useAuditStats`, which the screen's route loader starts. */
export function auditStatsQuery() {
  return queryOptions({
    queryKey: [...auditKey, 'stats'],
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiClient.get('/api/audit-trail/stats', {
          schema: auditStatsResponseSchema,
          signal,
        });
        return answer.data;
      } catch (error) {
        console.error('Failed to load audit trail stats', error);
        throw error;
      }
    },
    retry: false,
    ...PREFETCHED_QUERY,
  });
}

/** The operations log: the latest bulk deletes. */
export function useAuditOperations() {
  return useQuery(auditOperationsQuery());
}

/** The query of `useAuditOperations`, which the screen's route loader starts. */
export function auditOperationsQuery() {
  return queryOptions({
    queryKey: [...auditKey, 'operations'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/audit-trail/operations', { schema: auditOperationListSchema, signal }),
    ...PREFETCHED_QUERY,
  });
}

/** Deletes every record matching the filters; the list, the overview and the log change. */
export function useDeleteAuditRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: AuditFilterValues) =>
      apiClient.delete('/api/audit-trail', {
        schema: auditDeleteResultSchema,
        query: { ...filterQuery(filters), confirm: 'true' },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}
