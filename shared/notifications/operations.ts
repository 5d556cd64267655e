/**
 * What the notifications code and their infrastructure (infra/notifications-stack.ts) must agree on:
 * the delivery attempts the queue's receive limit leaves room for, and the metrics the alarms watch.
 */

/** Attempts of one webhook delivery, the first included, before it ends `failed`. */
export const DEFAULT_WEBHOOK_MAX_ATTEMPTS = 5;

/**
 * The notification failures as CloudWatch metrics (embedded metric format, written by whichever
 * function meets them): an e-mail the mail service refused, an event that could not be queued.
 */
export const NOTIFICATION_METRICS_NAMESPACE = 'Deskline';
export const notificationMetrics = {
  failedEmails: 'NotificationEmailsFailed',
  unpublishedEvents: 'NotificationEventsUnpublished',
} as const;
export type NotificationMetric = (typeof notificationMetrics)[keyof typeof notificationMetrics];
