import {
  NOTIFICATION_METRICS_NAMESPACE,
  type NotificationMetric,
} from '@shared/notifications/operations';

export { notificationMetrics } from '@shared/notifications/operations';

/**
 * The notification failures as CloudWatch metrics, in the embedded metric format: a log line with
 * an `_aws` block becomes a data point of `Deskline/<name>` whichever function logs it (the dispatcher
 * for e-mails, any emitter for an event it could not queue), so one alarm watches them all
 * (infra/notifications-stack.ts). Spread into a structured log line.
 */
export function metricFields(name: NotificationMetric): Record<string, unknown> {
  return {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: NOTIFICATION_METRICS_NAMESPACE,
          Dimensions: [[]],
          Metrics: [{ Name: name, Unit: 'Count' }],
        },
      ],
    },
    [name]: 1,
  };
}
