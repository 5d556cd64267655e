import { useQuery, queryOptions } from '@tanstack/react-query';
import { revenueResponseSchema, type DailyRevenueRecord } from '@shared/revenue/daily-revenue';
import { ApiError, apiClient } from '@/lib/api-client';
import { PREFETCHED_QUERY } from '@/lib/query-client';

export const REVENUE_PROVIDERS = ['all', 'stripe', 'paypal'] as const;
export type RevenueProviderFilter = (typeof REVENUE_PROVIDERS)[number];

/** What one request asks for: the Daily Revenue screen's view (dates as the date inputs write them). */
export interface RevenueView {
  startDate: string;
  endDate: string;
  provider: RevenueProviderFilter;
}

/** `2026-03-02` → `20260302`, the API's grammar. */
export function apiDateOf(inputDate: string): string {
  return inputDate.replaceAll('-', '');
}

export const REVENUE_FETCH_FAILED = 'Failed to fetch revenue data';

export const REVENUE_UNKNOWN_ERROR = 'An unknown error occurred';

/**
 * The spec's error texts (001 §8): a non-OK status reads 'HTTP error! status: {code}' (keeping the
 * API's own explanation for the page to show); an answer with success false shows its error, else
 * 'Failed to fetch revenue data'; anything else its message, else 'An unknown error occurred'.
 */
export function revenueErrorOf(error: unknown): Error {
  if (error instanceof ApiError) {
    return new ApiError(`HTTP error! status: ${error.status}`, error.status, error.serverMessage);
  }
  if (error instanceof Error && error.message !== '') return error;
  return new Error(REVENUE_UNKNOWN_ERROR);
}

export function useDailyRevenue(view: RevenueView) {
  return useQuery(dailyRevenueQuery(view));
}

/** The query of `useDailyRevenue`, which the screen's route loader starts. */
export function dailyRevenueQuery(view: RevenueView) {
  return queryOptions({
    queryKey: ['revenue', 'daily', view],
    queryFn: async ({ signal }): Promise<DailyRevenueRecord[]> => {
      let answer;
      try {
        answer = await apiClient.get('/api/firms/daily-revenue', {
          schema: revenueResponseSchema,
          query: {
            startDate: apiDateOf(view.startDate),
            endDate: apiDateOf(view.endDate),
            provider: view.provider === 'all' ? undefined : view.provider,
          },
          signal,
        });
      } catch (error) {
        throw revenueErrorOf(error);
      }
      if (!answer.success) throw new Error(answer.error || REVENUE_FETCH_FAILED);
      return answer.data;
    },
    ...PREFETCHED_QUERY,
  });
}
