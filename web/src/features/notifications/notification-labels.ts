import {
  NOTIFICATION_EVENT_TYPES,
  OPTIONAL_TRADER_EVENTS,
  type NotificationEventType,
} from '@shared/notifications/events';
import type { WebhookDelivery } from '@shared/notifications/webhooks';

/** Every event type's name on screen (the checkboxes, the filters, the logs): one place. */
export const EVENT_LABELS: Record<NotificationEventType, string> = {
  'account.passed': 'Account passed',
  'account.breached': 'Account breached',
  'account.limit_near': 'Account near a limit',
  'account.inactivity_warning': 'Inactivity warning',
  'payout.requested': 'Payout requested',
  'payout.approved': 'Payout approved',
  'payout.rejected': 'Payout rejected',
  'payout.paid': 'Payout paid',
  'sync.failed': 'Sync failed',
  'breach.held': 'Breach held for review',
};

/** What a trader's e-mail of each type says, under its switch. */
export const EVENT_DESCRIPTIONS: Record<NotificationEventType, string> = {
  'account.passed': 'When an evaluation account meets its profit target and passes.',
  'account.breached': 'When an account breaks one of its rules and fails.',
  'account.limit_near': 'When an account has used 80% of a loss limit.',
  'account.inactivity_warning': 'When an account has not traded for a while and may be closed.',
  'payout.requested': 'When your payout request has been received.',
  'payout.approved': 'When staff approve a payout request.',
  'payout.rejected': 'When staff reject a payout request, with the reason.',
  'payout.paid': 'When a payout has been paid.',
  'sync.failed': 'When the nightly sync fails.',
  'breach.held': 'When a breach is held for review.',
};

/** The type of the event a "Send test event" delivers: in delivery logs only, never emitted. */
const TEST_EVENT_TYPE = 'webhook.test';

export function eventLabel(type: string): string {
  if (type === TEST_EVENT_TYPE) return 'Test event';
  return EVENT_LABELS[type as NotificationEventType] ?? type;
}

/** The event types as select options, in the contract's order. */
export const EVENT_OPTIONS = NOTIFICATION_EVENT_TYPES.map((type) => ({
  value: type,
  label: EVENT_LABELS[type],
}));

export function isEventType(value: string): value is NotificationEventType {
  return (NOTIFICATION_EVENT_TYPES as readonly string[]).includes(value);
}

/** The e-mails a trader receives: account and payout events (sync and held breaches are staff's). */
export const TRADER_EVENTS: readonly NotificationEventType[] = NOTIFICATION_EVENT_TYPES.filter(
  (type) => type.startsWith('account.') || type.startsWith('payout.'),
);

export function isOptionalForTrader(type: NotificationEventType): boolean {
  return OPTIONAL_TRADER_EVENTS.includes(type);
}

/** Why a trader cannot turn an e-mail off. */
export const ALWAYS_SENT_REASON = 'Breaches and payout decisions are always sent';

type DeliveryStatus = WebhookDelivery['status'];

/** A delivery's status as a badge: its word and colour (the word carries it, not the colour). */
export const DELIVERY_STATUS_DISPLAY: Record<
  DeliveryStatus,
  { label: string; palette: 'green' | 'red' | 'orange' | 'blue' }
> = {
  pending: { label: 'Pending', palette: 'blue' },
  retrying: { label: 'Retrying', palette: 'orange' },
  succeeded: { label: 'Succeeded', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
};
