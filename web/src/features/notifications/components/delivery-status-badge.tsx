import { Badge } from '@chakra-ui/react';
import type { WebhookDelivery } from '@shared/notifications/webhooks';
import { DELIVERY_STATUS_DISPLAY } from '../notification-labels';

/** A delivery's status in words, coloured: Pending, Retrying, Succeeded, Failed. */
export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const { label, palette } = DELIVERY_STATUS_DISPLAY[status];
  return (
    <Badge colorPalette={palette} variant="subtle" whiteSpace="nowrap">
      {label}
    </Badge>
  );
}
