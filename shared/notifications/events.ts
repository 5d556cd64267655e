import * as z from 'zod';
import { isoTimestampSchema } from '../common/fields';

/**
 * The moments a firm and its traders are told about. Each is emitted once per cause by
 * the judging and payout services (never by a screen): its `key` names the cause, and the event item
 * is written only if no event with that key exists, so a re-run of the same sync emits nothing new.
 */
export const NOTIFICATION_EVENT_TYPES = [
  'account.passed',
  'account.breached',
  'account.limit_near',
  'account.inactivity_warning',
  'payout.requested',
  'payout.approved',
  'payout.rejected',
  'payout.paid',
  'sync.failed',
  'breach.held',
] as const;
export const notificationEventTypeSchema = z.enum(NOTIFICATION_EVENT_TYPES);
export type NotificationEventType = z.infer<typeof notificationEventTypeSchema>;

/** Events a trader may turn off; breaches and payout decisions always reach them. */
export const OPTIONAL_TRADER_EVENTS: readonly NotificationEventType[] = [
  'account.passed',
  'account.limit_near',
  'account.inactivity_warning',
  'payout.requested',
];

/** Events staff are e-mailed about (besides the webhooks that subscribe to them). */
export const STAFF_EVENTS: readonly NotificationEventType[] = [
  'payout.requested',
  'sync.failed',
  'breach.held',
];

/** Events about the firm's own work, e-mailed to staff only (a held breach is not yet a verdict). */
export const STAFF_ONLY_EVENTS: readonly NotificationEventType[] = ['sync.failed', 'breach.held'];

export const notificationEventSchema = z.object({
  /** Stable per event: the Standard Webhooks `webhook-id`, so a retried delivery is recognisable. */
  eventId: z.string().min(1),
  type: notificationEventTypeSchema,
  /** The cause: `<type>#<accountId>#<date>`, `<type>#<payoutId>`, `sync.failed#<runId>`… */
  key: z.string().min(1),
  occurredAt: isoTimestampSchema,
  traderId: z.string().optional(),
  accountId: z.string().optional(),
  /** One or two sentences that explain the event (the verdict's texts for account events). */
  text: z.string(),
  /** The app path of the screen that shows it (`/accounts/EVAL50K-000004`). */
  link: z.string(),
  /**
   * How staff are told, where the trader's sentence ("Your payout request …") would mislead them:
   * their own sentence and screen. Without it staff get the trader's.
   */
  staff: z.object({ text: z.string(), link: z.string() }).optional(),
  /** The event's figures, as webhooks carry them. */
  data: z.record(z.string(), z.unknown()),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
/** What an emitter gives: the id and time are the outbox's. */
export type NotificationEventInput = Omit<NotificationEvent, 'eventId' | 'occurredAt'> & {
  occurredAt?: string;
};
