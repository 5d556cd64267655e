import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { traderAccountListResponseSchema } from '../../../../../shared/traders/trader-account';
import { traderDetailsSchema } from '../../../../../shared/traders/trader-details';
import { traderListResponseSchema } from '../../../../../shared/traders/trader-list';
import { traderSchema } from '../../../../../shared/traders/trader';
import { apiClient } from '../../../lib/api-client';

/** Query keys of the trader screens: one root, so a refresh can invalidate them all. */
export const tradersKey = ['traders'] as const;

/**
 * One page of traders (`GET /api/traders`): `search` matches id, names and email; `cursor` is the
 * previous page's `meta.nextCursor`. The previous page stays on screen while the next one loads.
 */
export function useTraders(search: string, cursor: string | undefined) {
  return useQuery({
    queryKey: [...tradersKey, 'list', search, cursor ?? ''],
    queryFn: ({ signal }) =>
      apiClient.get('/api/traders', {
        schema: traderListResponseSchema,
        query: { search: search || undefined, cursor },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One trader (`GET /api/traders/{traderId}`); the membership password only reaches staff. */
export function useTrader(traderId: string | undefined) {
  return useQuery({
    queryKey: [...tradersKey, 'trader', traderId ?? ''],
    queryFn:
      traderId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/traders/{traderId}', {
              schema: traderSchema,
              params: { traderId },
              signal,
            }),
  });
}

/**
 * A trader with their accounts and their phases' rules (`GET /api/traders/details/{id}`); the id is a
 * trader id or a broker user id (decision 6).
 */
export function useTraderDetails(id: string | undefined) {
  return useQuery({
    queryKey: [...tradersKey, 'details', id ?? ''],
    queryFn:
      id === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/traders/details/{id}', {
              schema: traderDetailsSchema,
              params: { id },
              signal,
            }),
  });
}

/** A trader's accounts with their summaries (`GET /api/accounts/trader/{traderId}`), in id order. */
export function useTraderAccounts(traderId: string | undefined) {
  return useQuery({
    queryKey: [...tradersKey, 'accounts', traderId ?? ''],
    queryFn:
      traderId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/accounts/trader/{traderId}', {
              schema: traderAccountListResponseSchema,
              params: { traderId },
              signal,
            }),
  });
}
