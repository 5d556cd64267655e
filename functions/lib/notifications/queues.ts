import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { NotificationEvent } from '@shared/notifications/events';
import type { DeliveryRef } from '../repositories/webhook-repository';
import { sqsClient } from './aws-clients';
import { notificationConfig } from './config';

/** A message of the notification queues (the dispatcher function takes both). */
export type NotificationMessage =
  | { kind: 'notification-event'; event: NotificationEvent }
  | { kind: 'webhook-delivery'; delivery: DeliveryRef };

/** What runs the notifications where there are no queues (the local stack, the tests). */
export interface InProcessQueues {
  dispatch(event: NotificationEvent): void;
  deliver(ref: DeliveryRef, delayMs: number): void;
}

let inProcess: InProcessQueues | undefined;

/** Makes this process run the notifications itself (functions/lib/notifications/in-process.ts). */
export function setInProcessQueues(queues: InProcessQueues | undefined): void {
  inProcess = queues;
}

/** SQS holds a message back for at most 15 minutes; a longer wait is the consumer's. */
const MAX_DELAY_SECONDS = 900;

async function send(queueUrl: string, message: NotificationMessage, delayMs = 0): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(message),
      ...(delayMs > 0 && {
        DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.ceil(delayMs / 1000)),
      }),
    }),
  );
}

/**
 * Hands a new event to the dispatcher: the event queue in AWS (`EVENT_QUEUE_URL`), this process
 * otherwise. Answers false when nothing takes events here (a function or test without either).
 */
export async function queueEvent(event: NotificationEvent): Promise<boolean> {
  const queueUrl = notificationConfig.eventQueueUrl();
  if (queueUrl) {
    await send(queueUrl, { kind: 'notification-event', event });
    return true;
  }
  if (!inProcess) return false;
  inProcess.dispatch(event);
  return true;
}

/** Hands a delivery to the webhook workers: the delivery queue in AWS, this process otherwise. */
export async function queueDelivery(ref: DeliveryRef, delayMs = 0): Promise<void> {
  const queueUrl = notificationConfig.webhookQueueUrl();
  if (queueUrl) return send(queueUrl, { kind: 'webhook-delivery', delivery: ref }, delayMs);
  if (!inProcess) {
    throw new Error('No webhook delivery queue: WEBHOOK_QUEUE_URL is not set');
  }
  inProcess.deliver(ref, delayMs);
}
