import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as z from 'zod';
import {
  accountResetResultSchema,
  accountSchema,
  accountUpdateResultSchema,
} from '@shared/accounts/account';
import {
  accountCommentResultSchema,
  type AccountCommentBody,
} from '@shared/comments/account-comment';
import { actionResultSchema } from '@shared/common/fields';
import { accountDetailResponseSchema } from '@shared/summaries/account-detail';
import { apiClient } from '../../../lib/api-client';

const detailKey = (accountId: string) => ['summaries', 'account', accountId] as const;

/**
 * The account page's data (`GET /api/summaries/account/{accountId}`): account, program version,
 * summary, days newest first, rule definitions and comments. Exported as query options so another
 * screen reading the same account (the trader dashboard's balance chart) shares its cache entry.
 */
export function accountDetailQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: detailKey(accountId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/api/summaries/account/{accountId}', {
          schema: accountDetailResponseSchema,
          params: { accountId },
          signal,
        })
      ).data,
  });
}

export function useAccountDetail(accountId: string | undefined) {
  const options = accountDetailQueryOptions(accountId ?? '');
  return useQuery({
    ...options,
    queryFn: accountId === undefined ? skipToken : options.queryFn,
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
      queryClient.invalidateQueries({ queryKey: detailKey(accountId) }),
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

/** Moves the account to its program's current version (`PUT /api/accounts/{accountId}`). */
export function useUpdateAccountProgram(accountId: string) {
  const invalidate = useInvalidateAccount(accountId);
  return useMutation({
    mutationFn: () =>
      apiClient.put('/api/accounts/{accountId}', {
        schema: accountUpdateResultSchema.or(
          z.object({ success: z.boolean().optional(), message: z.string().optional() }),
        ),
        params: { accountId },
        body: { forceProgramUpdate: true },
      }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: detailKey(accountId) }),
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
