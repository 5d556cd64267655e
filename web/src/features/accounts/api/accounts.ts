import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { accountListResponseSchema } from '@shared/accounts/account';
import { auditListResponseSchema } from '@shared/audit/audit-query';
import { apiClient } from '../../../lib/api-client';

export const accountsQueryKey = ['accounts'] as const;

/** Spec 000 §8: the accounts page's error text. */
export const ACCOUNTS_FETCH_ERROR = 'Failed to fetch accounts or traders';

/**
 * Every account as a list row (`GET /api/accounts`). The rows carry the trader's email, so the
 * page needs no second call for the traders.
 */
export function useAccounts() {
  return useQuery({
    queryKey: [...accountsQueryKey, 'list'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/accounts', { schema: accountListResponseSchema, signal }),
  });
}

export const ACCOUNT_AUDIT_PAGE_SIZE = 25;

/** One page of an account's order events, newest first (`GET /api/audit-trail?accountNumber=`). */
export function useAccountAuditTrail(accountNumber: string | undefined, page: number) {
  return useQuery({
    queryKey: ['audit', 'account', accountNumber ?? '', page],
    queryFn:
      accountNumber === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/audit-trail', {
              schema: auditListResponseSchema,
              query: { accountNumber, page, pageSize: ACCOUNT_AUDIT_PAGE_SIZE },
              signal,
            }),
    placeholderData: keepPreviousData,
  });
}
