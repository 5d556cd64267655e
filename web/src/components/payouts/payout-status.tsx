import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { PayoutStatus } from '@shared/payouts/payout';
import { GREY_TONES } from '@/components/badges/badges';

/** A payout status as every screen says it. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

const palettes: Record<PayoutStatus, NonNullable<BadgeProps['colorPalette']>> = {
  requested: 'blue',
  approved: 'purple',
  rejected: 'red',
  paid: 'green',
  cancelled: 'gray',
};

/** A payout's status as a badge with its word (the colour only repeats it). */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const grey = status === 'cancelled' && { bg: GREY_TONES.background, color: GREY_TONES.text };
  return (
    <Badge colorPalette={palettes[status]} variant="subtle" whiteSpace="nowrap" {...grey}>
      {PAYOUT_STATUS_LABELS[status]}
    </Badge>
  );
}
