import {
  queryOptions,
  useMutation,
  useQueryClient,
  skipToken,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import { actionResultSchema } from '@shared/common/fields';
import { apiClient, ApiError } from '@/lib/api-client';
import { performanceListResponseSchema } from '@shared/performance/performance-list';
import * as z from 'zod';
import { readPerformanceReport } from '@shared/performance/report-salvage';

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

/** Spec 000 §8: the unsuccessful answer's text. */
export const UNSUCCESSFUL_RESPONSE = 'API returned unsuccessful response';

/**
 * Latest Performance (`GET /api/performance/today`), of the latest day with data or of `date`
 * (`YYYYMMDD`). A failed call reads 'Failed to fetch
 * performance data: {status}' and `success: false` 'API returned unsuccessful response' (spec 000 §8).
 */
export function useLatestPerformance(date?: string, status?: string) {
  return useQuery(latestPerformanceQuery(date, status));
}

/** The query of `useLatestPerformance`, which the screen's route loader starts. */
export function latestPerformanceQuery(date?: string, status?: string) {
  return queryOptions({
    queryKey: ['performance', 'today', date ?? 'latest', status ?? ''],
    ...PREFETCHED_QUERY,
    queryFn: ({ signal }) => getLatestPerformance({ date, status }, signal),
  });
}

/** What a page of Latest Performance asks the server (`GET /api/performance/today?…`). */
export interface PerformanceView {
  date?: string | undefined;
  status?: string | undefined;
  group?: string | undefined;
  sort?: string | undefined;
  cursor?: string | undefined;
}

/**
 * One group's rows of Latest Performance, a page (≤ 200 rows) at a time in the server's order
 * (`?group=&sort=&status=`, then the cursor): what a group shows when the first answer did not
 * hold every row of the view.
 */
export function useLatestPerformanceGroup(view: Omit<PerformanceView, 'cursor'>, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['performance', 'today', 'group', view],
    queryFn: ({ pageParam, signal }) =>
      getLatestPerformance({ ...view, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor,
    enabled,
  });
}

/** Every row of the view in the groups' order, read page by page (each call bounded): the CSV. */
export async function allLatestPerformanceRows(view: Omit<PerformanceView, 'cursor' | 'group'>) {
  const rows = [];
  let cursor: string | undefined;
  do {
    const page = await getLatestPerformance({ ...view, cursor });
    rows.push(...page.data);
    cursor = page.meta.nextCursor;
  } while (cursor !== undefined);
  return rows;
}

async function getLatestPerformance(view: PerformanceView, signal?: AbortSignal) {
  let answer;
  try {
    const query = Object.fromEntries(
      Object.entries(view).filter(([, value]) => value !== undefined && value !== ''),
    );
    answer = await apiClient.get('/api/performance/today', {
      schema: performanceListResponseSchema,
      ...(Object.keys(query).length > 0 && { query }),
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) {
      throw new ApiError(
        `Failed to fetch performance data: ${error.status}`,
        error.status,
        error.serverMessage,
      );
    }
    throw error;
  }
  if (!answer.success) throw new Error(UNSUCCESSFUL_RESPONSE);
  return answer;
}

/**
 * One account-day's performance report with its full conformance
 * (`GET /api/performance/account/{accountId}/{YYYYMMDD}`): the Daily performance details and the
 * Conformance Detail screens read it. The answer is read as far as it goes: one rule without an id
 * or one null number leaves that value out, not the whole report.
 */
export function usePerformanceReport(accountId: string | undefined, date: string | undefined) {
  return useQuery({
    queryKey: ['performance', 'report', accountId ?? '', date ?? ''],
    queryFn:
      accountId === undefined || date === undefined
        ? skipToken
        : async ({ signal }) =>
            readPerformanceReport(
              await apiClient.get('/api/performance/account/{accountId}/{date}', {
                schema: z.unknown(),
                params: { accountId, date },
                signal,
              }),
            ),
    // The repairs are kept by the report object's identity (reportRepairs): no structural sharing.
    structuralSharing: false,
  });
}
