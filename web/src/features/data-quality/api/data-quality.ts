import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dateVoidListSchema,
  heldBreachListSchema,
  heldBreachSchema,
  voidResultSchema,
  type VoidRequest,
} from '@shared/sync/held-breaches';
import { apiClient } from '../../../lib/api-client';

/** Every query of this feature starts with this key, so an action refreshes them all at once. */
const qualityKey = ['data-quality'] as const;

export type HoldStateFilter = 'held' | 'released' | 'voided' | 'all';

/** Held breaches in a state (held by default), newest date first. */
export function useHeldBreaches(state: HoldStateFilter) {
  return useQuery({
    queryKey: [...qualityKey, 'holds', state],
    queryFn: ({ signal }) =>
      apiClient.get('/api/sync/held-breaches', {
        schema: heldBreachListSchema,
        query: { state },
        signal,
      }),
  });
}

/** Every hold of the given dates, whatever its state. */
export function useHeldBreachesOfDates(dates: readonly string[]) {
  const list = [...dates].sort().join(',');
  return useQuery({
    queryKey: [...qualityKey, 'holds-of', list],
    enabled: list !== '',
    queryFn: ({ signal }) =>
      apiClient.get('/api/sync/held-breaches', {
        schema: heldBreachListSchema,
        query: { state: 'all', dates: list },
        signal,
      }),
  });
}

/** Voided account-dates: of the given dates, or the latest ones. */
export function useDateVoids(dates?: readonly string[]) {
  const list = dates ? [...dates].sort().join(',') : '';
  return useQuery({
    queryKey: [...qualityKey, 'voids', list],
    enabled: dates === undefined || list !== '',
    queryFn: ({ signal }) =>
      apiClient.get('/api/sync/voids', {
        schema: dateVoidListSchema,
        query: { dates: list || undefined },
        signal,
      }),
  });
}

/** Releases one held breach: the status its judgement decided applies. */
export function useReleaseHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { accountId: string; date: string; reason?: string }) =>
      apiClient.post('/api/sync/held-breaches/{accountId}/{date}/release', {
        schema: heldBreachSchema,
        params: { accountId: input.accountId, date: input.date },
        body: input.reason ? { reason: input.reason } : {},
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: qualityKey }),
  });
}

/** Voids a date for some accounts or all of them; they are re-judged without it. */
export function useVoidDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: VoidRequest) =>
      apiClient.post('/api/sync/voids', { schema: voidResultSchema, body: request }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: qualityKey }),
  });
}
