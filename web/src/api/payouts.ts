import {
  infiniteQueryOptions,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  accountPayoutsSchema,
  PAYOUT_PAGE_SIZE_MAX,
  payoutDetailSchema,
  payoutQueueSchema,
  payoutRecordSchema,
  traderPayoutsSchema,
  type PayoutRecord,
  type PayoutStatus,
} from '@shared/payouts/payout';
import { accountDetailKey } from '@/api/summaries';
import { ApiError, apiClient } from '@/lib/api-client';

/** Every payout query starts with this key, so one change refreshes every list that shows payouts. */
export const payoutsKey = ['payouts'] as const;

/** Payouts of one status read per call (the route's largest page); 'Load more' reads the next. */
export const PAYOUT_QUEUE_LIMIT = PAYOUT_PAGE_SIZE_MAX;

/**
 * `GET /api/payouts?status=`: the staff queue of one status, oldest first, a page at a time after
 * the API's `nextCursor`, so a long queue never becomes one unbounded answer.
 */
export function payoutQueueQuery(status: PayoutStatus) {
  return infiniteQueryOptions({
    queryKey: [...payoutsKey, 'queue', status],
    queryFn: ({ pageParam, signal }) =>
      apiClient.get('/api/payouts', {
        schema: payoutQueueSchema,
        query: { status, limit: PAYOUT_QUEUE_LIMIT, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function usePayoutQueue(status: PayoutStatus) {
  return useInfiniteQuery(payoutQueueQuery(status));
}

/**
 * One payout with its history and its account's eligibility now (`GET /api/payouts/{payoutId}`),
 * for the staff's detail panel.
 */
export function usePayout(payoutId: string | undefined) {
  return useQuery({
    queryKey: [...payoutsKey, 'one', payoutId ?? ''],
    queryFn:
      payoutId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/payouts/{payoutId}', {
              schema: payoutDetailSchema,
              params: { payoutId },
              signal,
            }),
  });
}

/**
 * The account's eligibility and payouts (`GET /api/accounts/{accountId}/payouts`). Keyed under the
 * account page's key too, so the page's Refresh reads it again.
 */
export function accountPayoutsQuery(accountId: string) {
  return queryOptions({
    queryKey: [...accountDetailKey(accountId), 'payouts'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/accounts/{accountId}/payouts', {
        schema: accountPayoutsSchema,
        params: { accountId },
        signal,
      }),
  });
}

export function useAccountPayouts(accountId: string) {
  return useQuery(accountPayoutsQuery(accountId));
}

/** Every account of a trader with what it may request and its payouts (the trader's Payouts page). */
export function traderPayoutsQuery(traderId: string | undefined) {
  return queryOptions({
    queryKey: [...payoutsKey, 'trader', traderId ?? ''],
    queryFn:
      traderId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/traders/{traderId}/payouts', {
              schema: traderPayoutsSchema,
              params: { traderId },
              signal,
            }),
  });
}

export function useTraderPayouts(traderId: string | undefined) {
  return useQuery(traderPayoutsQuery(traderId));
}

/**
 * After any move of a payout, and after a refusal (a 409 means someone else moved it): every payout
 * list and the account's page are read again, so the screen shows the payout as it now is.
 */
function usePayoutChange<Variables>(
  call: (variables: Variables) => Promise<PayoutRecord>,
  accountOf: (variables: Variables) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: (_payout, error, variables) => {
      if (error !== null && !(error instanceof ApiError)) return;
      void queryClient.invalidateQueries({ queryKey: payoutsKey });
      void queryClient.invalidateQueries({ queryKey: accountDetailKey(accountOf(variables)) });
    },
  });
}

export interface PayoutRequestInput {
  accountId: string;
  amount: number;
  note?: string;
}

/** A trader asks for a payout (`POST /api/accounts/{accountId}/payouts`). */
export function useRequestPayout() {
  return usePayoutChange(
    ({ accountId, ...body }: PayoutRequestInput) =>
      apiClient.post('/api/accounts/{accountId}/payouts', {
        schema: payoutRecordSchema,
        params: { accountId },
        body,
      }),
    (input) => input.accountId,
  );
}

/** A trader withdraws a request still `requested`. */
export function useCancelPayout() {
  return usePayoutChange(
    ({ accountId, payoutId }: { accountId: string; payoutId: string }) =>
      apiClient.post('/api/accounts/{accountId}/payouts/{payoutId}/cancel', {
        schema: payoutRecordSchema,
        params: { accountId, payoutId },
      }),
    (input) => input.accountId,
  );
}

/** The staff's decisions and the payment, each a move of one payout. */
export type PayoutDecision =
  | { action: 'approve'; body: { amount?: number; note?: string } }
  | { action: 'reject'; body: { reason: string; profitForfeited: boolean } }
  | { action: 'pay'; body: { method: string; reference: string; date: string } };

const decisionPaths = {
  approve: '/api/payouts/{payoutId}/approve',
  reject: '/api/payouts/{payoutId}/reject',
  pay: '/api/payouts/{payoutId}/pay',
} as const;

export function useDecidePayout() {
  return usePayoutChange(
    ({ payout, decision }: { payout: PayoutRecord; decision: PayoutDecision }) =>
      apiClient.post(decisionPaths[decision.action], {
        schema: payoutRecordSchema,
        params: { payoutId: payout.payoutId },
        body: decision.body,
      }),
    (input) => input.payout.accountId,
  );
}
