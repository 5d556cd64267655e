import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  programRulesUpgradeResultSchema,
  ruleUsageResponseSchema,
} from '@shared/programs/rule-versions';
import { apiClient } from '../../../lib/api-client';
import { rulesQueryKey } from './rules';

/** `GET /api/rules/{ruleId}/usage`: read fresh each time (an edit asks just before it saves). */
export const ruleUsageQuery = (ruleId: string) => ({
  queryKey: [...rulesQueryKey, 'usage', ruleId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get('/api/rules/{ruleId}/usage', {
      schema: ruleUsageResponseSchema,
      params: { ruleId },
      signal,
    }),
  staleTime: 0,
});

/**
 * `POST /api/programs/{prefix}/upgrade-rules` (decision 36): the program's next version, pinning the
 * latest rule versions. Programs and rules (Used By, usage) are read again after it.
 */
export function useUpgradeProgramRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefix: string) =>
      apiClient.post('/api/programs/{prefix}/upgrade-rules', {
        schema: programRulesUpgradeResultSchema,
        params: { prefix },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['programs'] }),
        queryClient.invalidateQueries({ queryKey: rulesQueryKey }),
      ]),
  });
}
