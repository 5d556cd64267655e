import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountVerdictSchema } from '@shared/rules/explain';
import { apiClient } from '@/lib/api-client';
import { accountDetailKey } from '@/api/summaries';

/**
 * The account's verdict explained and its path (`GET /api/accounts/{accountId}/verdict`). Keyed under
 * the account page's key, so a refresh or program update of the account refetches it too.
 */
export function useAccountVerdict(accountId: string) {
  return useQuery(accountVerdictQuery(accountId));
}

export function accountVerdictQuery(accountId: string) {
  return queryOptions({
    queryKey: [...accountDetailKey(accountId), 'verdict'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/accounts/{accountId}/verdict', {
        schema: accountVerdictSchema,
        params: { accountId },
        signal,
      }),
  });
}
