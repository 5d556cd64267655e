import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { reconciliationListSchema } from '@shared/reconciliation/floor-mismatch';
import { apiClient } from '@/lib/api-client';

/** Every query of the reconciliation starts with this key. */
const reconciliationKey = ['reconciliation'] as const;

export interface ReconciliationFilter {
  /** YYYYMMDD. */
  date?: string;
  accountId?: string;
}

function fetchPage(filter: ReconciliationFilter, cursor: string | undefined, signal: AbortSignal) {
  return apiClient.get('/api/sync/reconciliation', {
    schema: reconciliationListSchema,
    query: { date: filter.date, accountId: filter.accountId, cursor },
    signal,
  });
}

/** The query of {@link useFloorMismatchPages}: the first page, then each after `nextCursor`. */
export function floorMismatchPagesQuery(filter: ReconciliationFilter) {
  return infiniteQueryOptions({
    queryKey: [...reconciliationKey, 'pages', filter.date ?? '', filter.accountId ?? ''],
    queryFn: ({ pageParam, signal }) => fetchPage(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/**
 * Floor mismatches the nightly sync recorded (`GET /api/sync/reconciliation`), newest date first,
 * of a date and an account when given; further pages on 'Load more'.
 */
export function useFloorMismatchPages(filter: ReconciliationFilter) {
  return useInfiniteQuery(floorMismatchPagesQuery(filter));
}

/** The first page of an account's mismatches: whether the account page links to them. */
export function useAccountFloorMismatches(accountId: string | undefined) {
  return useQuery({
    queryKey: [...reconciliationKey, 'account', accountId ?? ''],
    enabled: accountId !== undefined && accountId !== '',
    queryFn: ({ signal }) => fetchPage({ accountId }, undefined, signal),
  });
}
