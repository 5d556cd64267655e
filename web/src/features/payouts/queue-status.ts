import { PAYOUT_STATUSES, type PayoutStatus } from '@shared/payouts/payout';

/** The queue's status parameter (`?status=`): the requests waiting for a decision unless it names another. */
export const DEFAULT_QUEUE_STATUS: PayoutStatus = 'requested';

export function readQueueStatus(value: string | null | undefined): PayoutStatus {
  return (PAYOUT_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as PayoutStatus)
    : DEFAULT_QUEUE_STATUS;
}
