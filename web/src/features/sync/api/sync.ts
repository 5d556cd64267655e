import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { ApiError, apiClient } from '../../../lib/api-client';

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
  return useQuery({
    queryKey: syncRunsQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get('/api/sync/runs', { schema: syncRunListResponseSchema, signal }),
    refetchInterval: (query) =>
      query.state.status !== 'error' &&
      query.state.data?.data.some((run) => run.status === 'running')
        ? SYNC_POLL_INTERVAL_MS
        : false,
  });
}

// Under the runs' key: whatever refreshes the runs (a run finished, a start) refreshes these too.
export const syncIncompleteDatesQueryKey = [...syncRunsQueryKey, 'incomplete-dates'] as const;

/** Dates a run left part-way (issue 22), refreshed with the runs list. */
export function useIncompleteDates() {
  return useQuery({
    queryKey: syncIncompleteDatesQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get('/api/sync/incomplete-dates', {
        schema: syncIncompleteDatesResponseSchema,
        signal,
      }),
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
