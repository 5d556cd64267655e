import {
  queryOptions,
  skipToken,
  useQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import {
  accountListResponseSchema,
  accountResetResultSchema,
  accountSchema,
  PROGRAM_UPDATED_MESSAGE,
} from '@shared/accounts/account';
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

/**
 * Every account as a list row (`GET /api/accounts`). The rows carry the trader's email, so the
 * page needs no second call for the traders.
 */
export function useAccounts() {
  return useQuery(accountsQuery());
}

/** The query of `useAccounts`, which the screen's route loader starts. */
export function accountsQuery() {
  return queryOptions({
    queryKey: [...accountsQueryKey, 'list'],
    ...PREFETCHED_QUERY,
    queryFn: ({ signal }) =>
      apiClient.get('/api/accounts', { schema: accountListResponseSchema, signal }),
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
