import type { PAYOUT_METHODS } from '@shared/payouts/payout';

/** How a payment was made, as the screens say it. */
export const PAYOUT_METHOD_LABELS: Record<(typeof PAYOUT_METHODS)[number], string> = {
  ach: 'ACH',
  wire: 'Wire transfer',
  paypal: 'PayPal',
  crypto: 'Crypto',
  check: 'Check',
  other: 'Other',
};
