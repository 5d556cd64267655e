import {
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  queryOptions,
} from '@tanstack/react-query';
import type { ReleaseBody } from '@shared/whats-new/release';
import {
  adminReleaseListResponseSchema,
  releaseActionResultSchema,
  releaseResponseSchema,
  releaseStatsResponseSchema,
  whatsNewResponseSchema,
} from '@shared/whats-new/release-requests';
import { apiClient } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';

/** The user's view is read once per page load and never invalidated: the modal decides from it once. */
const whatsNewKey = ['whats-new'] as const;

const adminKey = ['whats-new-admin'] as const;

/**
 * The signed-in user's What's New view (spec 001 §7). Read once per page load: the modal decides
 * from it whether to open, and a refetch must not reopen it.
 */
export function useWhatsNew(enabled: boolean) {
  return useQuery({
    queryKey: [...whatsNewKey, 'mine'],
    queryFn: enabled
      ? ({ signal }) => apiClient.get('/api/whats-new', { schema: whatsNewResponseSchema, signal })
      : skipToken,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Records on the server that the caller has seen a version. */
export function markShown(version: string) {
  return apiClient.post('/api/whats-new/mark-shown', {
    schema: releaseActionResultSchema,
    body: { version },
  });
}

export function useReleases() {
  return useQuery(releasesQuery());
}

/** The query of `useReleases`, which the screen's route loader starts. */
export function releasesQuery() {
  return queryOptions({
    queryKey: [...adminKey, 'releases'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/whats-new/admin/releases', {
        schema: adminReleaseListResponseSchema,
        signal,
      }),
    select: (answer) => answer.data.releases,
    ...PREFETCHED_QUERY,
  });
}

export function useReleaseStats() {
  return useQuery(releaseStatsQuery());
}

/** The query of `useReleaseStats`, which the screen's route loader starts. */
export function releaseStatsQuery() {
  return queryOptions({
    queryKey: [...adminKey, 'stats'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/whats-new/admin/stats', { schema: releaseStatsResponseSchema, signal }),
    select: (answer) => answer.data,
    ...PREFETCHED_QUERY,
  });
}

/** Every change refreshes the list and the stats. */
function useReleaseMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

export function useSaveRelease() {
  return useReleaseMutation(({ id, release }: { id?: string; release: ReleaseBody }) =>
    id === undefined
      ? apiClient.post('/api/whats-new/admin/releases', {
          schema: releaseResponseSchema,
          body: release,
        })
      : apiClient.put('/api/whats-new/admin/releases/{id}', {
          schema: releaseResponseSchema,
          params: { id },
          body: release,
        }),
  );
}

export function useSetPublished() {
  return useReleaseMutation(({ id, publish }: { id: string; publish: boolean }) =>
    publish
      ? apiClient.post('/api/whats-new/admin/releases/{id}/publish', {
          schema: releaseResponseSchema,
          params: { id },
        })
      : apiClient.post('/api/whats-new/admin/releases/{id}/unpublish', {
          schema: releaseResponseSchema,
          params: { id },
        }),
  );
}

export function useDeleteRelease() {
  return useReleaseMutation((id: string) =>
    apiClient.delete('/api/whats-new/admin/releases/{id}', {
      schema: releaseActionResultSchema,
      params: { id },
    }),
  );
}
