import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

/** A client error (4xx) will not heal by asking again; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * How long a screen's data, requested by its route loader while its code downloads, counts as
 * fresh: the screen mounting a moment later uses it instead of asking again. Changes made in the
 * app still invalidate it at once.
 */
export const PREFETCHED_FRESH_MS = 10_000;

/**
 * The options of a query that a screen's route loader starts: fresh for `PREFETCHED_FRESH_MS`, and
 * not asked again on mount after a failure (the loader asked on the way in: the failure shows, and
 * Try Again asks again).
 */
export const PREFETCHED_QUERY = { staleTime: PREFETCHED_FRESH_MS, retryOnMount: false } as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
