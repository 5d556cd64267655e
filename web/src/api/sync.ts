import {
  useMutation,
  useQuery,
  useQueryClient,
  skipToken,
  queryOptions,
} from '@tanstack/react-query';
import {
  dateVoidListSchema,
  heldBreachListSchema,
  heldBreachSchema,
  type VoidRequest,
} from '@shared/sync/held-breaches';
import { apiClient, ApiError } from '@/lib/api-client';
import { jobSchema } from '@shared/jobs/job';
import { displayDate } from '@shared/common/display-date';
import { followJob } from '@/api/jobs';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import { useEffect } from 'react';
import {
  syncIncompleteDatesResponseSchema,
  syncRejectedRowsResponseSchema,
  syncRunListResponseSchema,
  syncRunSchema,
  syncRunViewSchema,
  type SyncRequest,
  type SyncRunView,
} from '@shared/sync/sync-run';

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

/**
 * Voids a date for some accounts or all of them; they are re-judged without it in a background job,
 * followed (with its progress in a toast) until it ends. Answers how many account-dates were voided
 * and how many accounts re-judged.
 */
export function useVoidDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: VoidRequest) => {
      const job = await apiClient.post('/api/sync/voids', { schema: jobSchema, body: request });
      const ended = await followJob(job, `Voiding ${displayDate(request.date)}`);
      return { date: request.date, voided: ended.total, rejudgedAccounts: ended.counts.updated };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: qualityKey }),
  });
}

/** A run lasts seconds to minutes; every 2 s shows its end promptly without flooding the API. */
export const SYNC_POLL_INTERVAL_MS = 2_000;

const syncRunsQueryKey = ['sync', 'runs'] as const;

const syncRunQueryKey = (runId: string) => ['sync', 'run', runId] as const;

/**
 * The latest sync runs, newest first; polled while one of them is running, so a run that ends (or
 * dies: the API records a run whose lease expired as failed when the runs are read) shows without a
 * reload.
 */
export function useSyncRuns() {
  return useQuery(syncRunsQuery());
}

/** The query of `useSyncRuns`, which the screen's route loader starts. */
export function syncRunsQuery() {
  return queryOptions({
    queryKey: syncRunsQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get('/api/sync/runs', { schema: syncRunListResponseSchema, signal }),
    refetchInterval: (query) =>
      query.state.status !== 'error' &&
      query.state.data?.data.some((run) => run.status === 'running')
        ? SYNC_POLL_INTERVAL_MS
        : false,
    ...PREFETCHED_QUERY,
  });
}

// Under the runs' key: whatever refreshes the runs (a run finished, a start) refreshes these too.
export const syncIncompleteDatesQueryKey = [...syncRunsQueryKey, 'incomplete-dates'] as const;

/** Dates a run left part-way, refreshed with the runs list. */
export function useIncompleteDates() {
  return useQuery(incompleteDatesQuery());
}

/** The query of `useIncompleteDates`, which the screen's route loader starts. */
export function incompleteDatesQuery() {
  return queryOptions({
    queryKey: syncIncompleteDatesQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get('/api/sync/incomplete-dates', {
        schema: syncIncompleteDatesResponseSchema,
        signal,
      }),
    ...PREFETCHED_QUERY,
  });
}

/**
 * One run, polled while it is running. Polling stops once it has finished, and also on an error, so
 * a failing API is not hammered; the caller's retry (`refetch`) resumes it. When the run is seen
 * finished, the runs list is refreshed so it shows the run's outcome too.
 */
export function useSyncRun(runId: string | undefined) {
  const queryClient = useQueryClient();
  const run = useQuery({
    queryKey: syncRunQueryKey(runId ?? ''),
    queryFn:
      runId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/sync/runs/{runId}', {
              schema: syncRunViewSchema,
              params: { runId },
              signal,
            }),
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const status = query.state.data?.status;
      return status === undefined || status === 'running' ? SYNC_POLL_INTERVAL_MS : false;
    },
  });
  const finishedRunId = run.data && run.data.status !== 'running' ? run.data.runId : undefined;
  useEffect(() => {
    if (finishedRunId !== undefined) {
      void queryClient.invalidateQueries({ queryKey: syncRunsQueryKey });
    }
  }, [finishedRunId, queryClient]);
  return run;
}

/** One page of a run's rejected rows (all of them, 100 a page); `cursor` from the page before. */
export function useSyncRejectedRows(runId: string, cursor: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['sync', 'run', runId, 'rejected-rows', cursor ?? ''] as const,
    queryFn: enabled
      ? ({ signal }) =>
          apiClient.get('/api/sync/runs/{runId}/rejected-rows', {
            schema: syncRejectedRowsResponseSchema,
            params: { runId },
            query: { cursor },
            signal,
          })
      : skipToken,
  });
}

/**
 * Starts a run of the latest `count` trading dates. The API answers at once with the running run,
 * which seeds that run's query so the page shows it as running without waiting for the first poll,
 * and the runs list is refreshed to include it.
 */
export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    // The spec's `{ count }`, or named dates (`{ dates }`, `{ from, to }`).
    mutationFn: (body: SyncRequest) =>
      apiClient.post('/api/sync/daily-update', { schema: syncRunSchema, body }),
    onSuccess: (run) => {
      queryClient.setQueryData<SyncRunView>(syncRunQueryKey(run.runId), run);
      void queryClient.invalidateQueries({ queryKey: syncRunsQueryKey });
    },
    // A 409 means another run holds the lock: the refreshed list shows it, so the page can follow it.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: syncRunsQueryKey });
      }
    },
  });
}
