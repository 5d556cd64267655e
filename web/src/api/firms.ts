import {
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { firmSaveResultSchema, type FirmSaveBody, type FirmStatus } from '@shared/firms/firm';
import {
  firmDeleteResultSchema,
  firmListResponseSchema,
  firmResponseSchema,
  firmStatsResponseSchema,
} from '@shared/firms/firm-requests';
import { apiClient } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';

const firmsKey = ['firms'] as const;

/**
 * The firm list (spec 001 §7): with a search text, `GET /api/firms/search?q=`; otherwise
 * `GET /api/firms` with the status filter (none for all).
 */
export function useFirmList({ status, q }: { status?: FirmStatus; q?: string }) {
  return useQuery(firmListQuery({ status, q }));
}

/** The query of `useFirmList`, which the screen's route loader starts. */
export function firmListQuery({ status, q }: { status?: FirmStatus; q?: string }) {
  return queryOptions({
    queryKey: [...firmsKey, 'list', { status: status ?? 'all', q: q ?? '' }],
    queryFn: ({ signal }) =>
      q
        ? apiClient.get('/api/firms/search', {
            schema: firmListResponseSchema,
            query: { q },
            signal,
          })
        : apiClient.get('/api/firms', {
            schema: firmListResponseSchema,
            query: { status },
            signal,
          }),
    select: (answer) => answer.data,
    ...PREFETCHED_QUERY,
  });
}

export function useFirmStats() {
  return useQuery(firmStatsQuery());
}

/** The query of `useFirmStats`, which the screen's route loader starts. */
export function firmStatsQuery() {
  return queryOptions({
    queryKey: [...firmsKey, 'stats'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/firms/stats', { schema: firmStatsResponseSchema, signal }),
    select: (answer) => answer.data,
    ...PREFETCHED_QUERY,
  });
}

export function useFirm(id: string | undefined) {
  return useQuery({
    queryKey: [...firmsKey, 'one', id ?? ''],
    queryFn:
      id === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/firms/{id}', {
              schema: firmResponseSchema,
              params: { id },
              signal,
            }),
    select: (answer) => answer.data,
    // A missing firm is an answer, not a glitch to retry.
    retry: false,
  });
}

export function useSaveFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, firm }: { mode: 'create' | 'edit'; firm: FirmSaveBody }) =>
      mode === 'create'
        ? apiClient.post('/api/firms', { schema: firmSaveResultSchema, body: firm })
        : apiClient.put('/api/firms/{id}', {
            schema: firmSaveResultSchema,
            params: { id: firm.id },
            body: firm,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmsKey }),
  });
}

export function useDeleteFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.delete('/api/firms/{id}', { schema: firmDeleteResultSchema, params: { id } }),
    onSuccess: (_answer, id) => {
      const oneKey = [...firmsKey, 'one', id];
      // A page still showing the firm (the detail page, until the list's screen has loaded) would
      // read it again as soon as its query is gone and flash "Firm not found": its query is dropped
      // once nobody watches it, and never refetched before.
      const one = queryClient.getQueryCache().find({ queryKey: oneKey, exact: true });
      if (one && one.getObserversCount() > 0) {
        void queryClient.cancelQueries({ queryKey: oneKey, exact: true });
        const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
          if (event.query !== one || event.type !== 'observerRemoved') return;
          if (one.getObserversCount() > 0) return;
          unsubscribe();
          queryClient.removeQueries({ queryKey: oneKey, exact: true });
        });
      } else {
        queryClient.removeQueries({ queryKey: oneKey, exact: true });
      }
      return queryClient.invalidateQueries({
        queryKey: firmsKey,
        predicate: (query) => query.queryKey[1] !== 'one',
      });
    },
  });
}
