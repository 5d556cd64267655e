import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { notificationEventSchema } from '@shared/notifications/events';
import { logger } from '../lib/logger';
import { sqsClient } from '../lib/notifications/aws-clients';
import { notificationConfig } from '../lib/notifications/config';
import { dispatchEvent } from '../lib/notifications/dispatcher';
import { mailSender } from '../lib/notifications/mailer';
import { queueDelivery, type NotificationMessage } from '../lib/notifications/queues';
import { attemptDelivery } from '../lib/notifications/webhook-delivery';

/** SQS's longest visibility timeout: the longest a retry can wait in the delivery queue. */
const MAX_VISIBILITY_SECONDS = 12 * 60 * 60;

const messageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('notification-event'), event: notificationEventSchema }),
  z.object({
    kind: z.literal('webhook-delivery'),
    delivery: z.object({
      endpointId: z.string().min(1),
      deliveryId: z.string().min(1),
      occurredAt: z.string().min(1),
    }),
  }),
]);

function messageOf(record: SQSRecord): NotificationMessage | undefined {
  try {
    const parsed = messageSchema.safeParse(JSON.parse(record.body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Not JSON: dropped by the caller.
    return undefined;
  }
}

/**
 * A delivery to try again later: the message stays in the delivery queue, hidden for the backoff
 * (its visibility timeout), and is reported failed so Lambda does not delete it. After the queue's
 * receive limit (more than the attempts) a message the function keeps failing on dead-letters.
 */
async function retryLater(record: SQSRecord, delayMs: number): Promise<void> {
  const queueUrl = notificationConfig.webhookQueueUrl();
  if (!queueUrl) throw new Error('WEBHOOK_QUEUE_URL is not set');
  await sqsClient().send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: queueUrl,
      ReceiptHandle: record.receiptHandle,
      VisibilityTimeout: Math.min(MAX_VISIBILITY_SECONDS, Math.ceil(delayMs / 1000)),
    }),
  );
}

/**
 * The notifications function (infra/notifications-stack.ts): takes the event queue (a new event:
 * its e-mails and webhook deliveries) and the webhook delivery queue (one attempt of a delivery).
 * A record that fails is reported so SQS hands it back; a delivery that must wait is handed back
 * after its backoff.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = messageOf(record);
    if (!message) {
      logger.warn('notification queue: not a notification message; dropped', {
        messageId: record.messageId,
      });
      continue;
    }
    try {
      if (message.kind === 'notification-event') {
        await dispatchEvent(message.event, {
          mailer: mailSender(),
          queueDelivery: (ref) => queueDelivery(ref),
        });
      } else {
        const { retryInMs } = await attemptDelivery(message.delivery);
        if (retryInMs !== undefined) {
          await retryLater(record, retryInMs);
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }
    } catch (error) {
      logger.error('notification message failed', {
        messageId: record.messageId,
        kind: message.kind,
        error: error as Error,
      });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
