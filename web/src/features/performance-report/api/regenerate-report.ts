import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actionResultSchema } from '@shared/common/fields';
import { apiClient } from '../../../lib/api-client';

/**
 * Re-judges the account from the day (`POST /api/performance/regenerate/{accountId}/{YYYYMMDD}`).
 * The report page re-fetches its own report 1 s after a success (spec 000 §4), so only the other
 * views of the account are refreshed here.
 */
export function useRegenerateReport(accountId: string, date: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post('/api/performance/regenerate/{accountId}/{date}', {
        schema: actionResultSchema,
        params: { accountId, date: date ?? '' },
      }),
    onSuccess: (answer) => {
      if (!answer.success) return undefined;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
        queryClient.invalidateQueries({ queryKey: ['summaries'] }),
        queryClient.invalidateQueries({ queryKey: ['traders'] }),
      ]);
    },
  });
}
