import {
  infiniteQueryOptions,
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import {
  accountListResponseSchema,
  accountResetResultSchema,
  accountSchema,
  type AccountListItem,
  type AccountListResponse,
  type AccountListSort,
  type ListStatus,
  PROGRAM_UPDATED_MESSAGE,
} from '@shared/accounts/account';
import { accountsOverviewSchema } from '@shared/accounts/accounts-overview';
import { jobSchema } from '@shared/jobs/job';
import { untilJobEnds } from '@/api/jobs';

import { apiClient } from '@/lib/api-client';
import { accountDetailKey } from '@/api/summaries';
import {
  accountCommentResultSchema,
  type AccountCommentBody,
} from '@shared/comments/account-comment';
import { actionResultSchema } from '@shared/common/fields';

export const accountsQueryKey = ['accounts'] as const;

/** Spec 000 §8: the accounts page's error text. */
export const ACCOUNTS_FETCH_ERROR = 'Failed to fetch accounts or traders';

/** What All Accounts asks the server for: search, list status and order. */
export interface AccountListFilters {
  search: string;
  status?: ListStatus | undefined;
  sort: AccountListSort;
}

const listQuery = (filters: AccountListFilters, cursor: string | undefined) => ({
  q: filters.search || undefined,
  status: filters.status,
  sort: filters.sort === 'accountId' ? undefined : filters.sort,
  cursor,
});

/**
 * The accounts as list rows (`GET /api/accounts`), page by page: the server searches, filters and
 * orders, each page at most 200 rows; the next page is read after the previous page's `nextCursor`.
 * The rows carry the trader's email, so the page needs no second call for the traders.
 */
export function useAccountPages(filters: AccountListFilters) {
  return useInfiniteQuery(accountPagesQuery(filters));
}

/** The query of `useAccountPages`, which the screen's route loader starts. */
export function accountPagesQuery(filters: AccountListFilters) {
  return infiniteQueryOptions({
    queryKey: [...accountsQueryKey, 'pages', filters.search, filters.status ?? '', filters.sort],
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/api/accounts', {
        schema: accountListResponseSchema,
        query: listQuery(filters, pageParam),
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor,
    placeholderData: keepPreviousData,
    ...PREFETCHED_QUERY,
  });
}

/** Pages an export reads at most: 200 pages of 200 rows, far beyond a firm's accounts. */
const EXPORT_PAGES = 200;

/**
 * Every account the filters match, for Export CSV: the pages already read, then the rest one page
 * at a time after the last cursor (bounded by `EXPORT_PAGES`).
 */
export async function readAllAccountRows(
  filters: AccountListFilters,
  loaded: readonly AccountListResponse[],
): Promise<AccountListItem[]> {
  const rows = loaded.flatMap((page) => page.data);
  let cursor = loaded.at(-1)?.meta.nextCursor;
  for (let read = loaded.length; cursor && read < EXPORT_PAGES; read += 1) {
    const page = await apiClient.get('/api/accounts', {
      schema: accountListResponseSchema,
      query: listQuery(filters, cursor),
    });
    rows.push(...page.data);
    cursor = page.meta.nextCursor;
  }
  return rows;
}

/** The overview card's figures of every account (`GET /api/accounts/overview`). */
export function useAccountsOverview(enabled: boolean) {
  return useQuery({
    queryKey: [...accountsQueryKey, 'overview'],
    queryFn: enabled
      ? ({ signal }) =>
          apiClient.get('/api/accounts/overview', { schema: accountsOverviewSchema, signal })
      : skipToken,
  });
}

/** The stored account for the View Account JSON modal (`GET /api/accounts/{accountId}`). */
export function useAccountRecord(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['accounts', 'one', accountId],
    queryFn: enabled
      ? ({ signal }) =>
          apiClient.get('/api/accounts/{accountId}', {
            schema: accountSchema,
            params: { accountId },
            signal,
          })
      : skipToken,
  });
}

/** Everything an account action changes: its page, its record, the lists and latest figures. */
function useInvalidateAccount(accountId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountDetailKey(accountId) }),
      queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      queryClient.invalidateQueries({ queryKey: ['performance'] }),
    ]);
}

/**
 * Re-judges the account from its stored days (`POST /api/accounts/{accountId}/refresh`). The page
 * re-fetches itself 1 s after a success (spec 001 §4), so this only refreshes the other views.
 */
export function useRefreshAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post('/api/accounts/{accountId}/refresh', {
        schema: actionResultSchema,
        params: { accountId },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
        queryClient.invalidateQueries({ queryKey: ['performance'] }),
      ]),
  });
}

/**
 * Moves the account to its program's current version (`PUT /api/accounts/{accountId}`): a background
 * job re-judges its history, followed until it ends; then the spec's message.
 */
export function useUpdateAccountProgram(accountId: string) {
  const invalidate = useInvalidateAccount(accountId);
  return useMutation({
    mutationFn: async () => {
      const job = await apiClient.put('/api/accounts/{accountId}', {
        schema: jobSchema,
        params: { accountId },
        body: { forceProgramUpdate: true },
      });
      await untilJobEnds(job.jobId);
      return { success: true, message: PROGRAM_UPDATED_MESSAGE };
    },
    onSuccess: invalidate,
  });
}

/** Adds a comment (`POST /api/accounts/{accountId}/comments`). */
export function useAddComment(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountCommentBody) =>
      apiClient.post('/api/accounts/{accountId}/comments', {
        schema: accountCommentResultSchema,
        params: { accountId },
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountDetailKey(accountId) }),
  });
}

/** Resets the account (decision 26, `POST /api/accounts/{accountId}/reset`). */
export function useResetAccount(accountId: string) {
  const invalidate = useInvalidateAccount(accountId);
  return useMutation({
    mutationFn: () =>
      apiClient.post('/api/accounts/{accountId}/reset', {
        schema: accountResetResultSchema,
        params: { accountId },
      }),
    onSuccess: invalidate,
  });
}
