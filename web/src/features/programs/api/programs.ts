import { useQuery } from '@tanstack/react-query';
import { programListSchema } from '../../../../../shared/programs/program';
import { apiClient } from '../../../lib/api-client';

const programsQueryKey = ['programs'] as const;

/** The current version of every program. */
export function usePrograms() {
  return useQuery({
    queryKey: programsQueryKey,
    queryFn: ({ signal }) => apiClient.get('/api/programs', { schema: programListSchema, signal }),
  });
}
