import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { NotificationEvent } from '@shared/notifications/events';
import {
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookPayload,
} from '@shared/notifications/webhooks';
import { logger } from '../logger';
import { webhookRepository, type DeliveryRef } from '../repositories/webhook-repository';
import { notificationConfig, retryDelayMs } from './config';
import { postToEndpoint } from './endpoint-address';

/** A new endpoint's signing secret in the Standard Webhooks format: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The body every delivery signs and sends: the event's type, time and the event itself. */
export function webhookPayloadOf(
  type: WebhookEventType,
  occurredAt: string,
  data: Record<string, unknown>,
): string {
  const payload: WebhookPayload = { type, timestamp: occurredAt, data };
  return JSON.stringify(payload);
}

/** One delivery per event and endpoint: its id follows from both, so a second dispatch finds it. */
function deliveryIdOf(eventId: string, endpointId: string): string {
  return `dlv_${createHash('sha256').update(`${eventId}\n${endpointId}`).digest('hex').slice(0, 32)}`;
}

/**
 * Records the delivery of an event to an endpoint (`pending`); answers where it lives, or undefined
 * when it was recorded before (the event was dispatched twice).
 */
export async function createDelivery(
  endpoint: WebhookEndpoint,
  event: { eventId: string; type: WebhookEventType; occurredAt: string; data: unknown },
): Promise<DeliveryRef | undefined> {
  const now = new Date().toISOString();
  const delivery: WebhookDelivery = {
    deliveryId: deliveryIdOf(event.eventId, endpoint.endpointId),
    endpointId: endpoint.endpointId,
    eventId: event.eventId,
    eventType: event.type,
    status: 'pending',
    attempts: 0,
    lastResponseCode: null,
    payload: webhookPayloadOf(event.type, event.occurredAt, event.data as Record<string, unknown>),
    createdAt: now,
    updatedAt: now,
    nextAttemptAt: now,
  };
  const created = await webhookRepository.createDelivery(delivery, event.occurredAt);
  return created
    ? {
        endpointId: endpoint.endpointId,
        deliveryId: delivery.deliveryId,
        occurredAt: event.occurredAt,
      }
    : undefined;
}

/** The delivery of an emitted event: its payload's `data` is the whole event. */
export function createEventDelivery(endpoint: WebhookEndpoint, event: NotificationEvent) {
  return createDelivery(endpoint, { ...event, data: event });
}

/** The test event of `POST /api/webhooks/{endpointId}/test`: to this endpoint only. */
export function createTestDelivery(endpoint: WebhookEndpoint, caller: string) {
  const occurredAt = new Date().toISOString();
  const eventId = `evt_test_${randomUUID()}`;
  return createDelivery(endpoint, {
    eventId,
    type: WEBHOOK_TEST_EVENT_TYPE,
    occurredAt,
    data: {
      eventId,
      type: WEBHOOK_TEST_EVENT_TYPE,
      occurredAt,
      text: `A test event sent by ${caller} to check this endpoint.`,
      endpointId: endpoint.endpointId,
    },
  });
}

/** What an attempt came to: nothing left to do, or another attempt after `retryInMs`. */
export interface AttemptOutcome {
  delivery?: WebhookDelivery;
  retryInMs?: number;
}

/**
 * One attempt of a delivery: signs the stored payload (Standard Webhooks, the `standardwebhooks`
 * library: `webhook-id` is the event's id, the same on every retry; `webhook-timestamp` is the
 * attempt's), POSTs it (to a public address only: endpoint-address.ts), and records the attempt. A 2xx answer succeeds; another status or a network
 * error is retried after a growing delay until the last attempt, which ends `failed`. A delivery
 * already ended (a queue message received twice) is left alone.
 */
export async function attemptDelivery(ref: DeliveryRef): Promise<AttemptOutcome> {
  const delivery = await webhookRepository.getDelivery(ref);
  if (!delivery || delivery.status === 'succeeded' || delivery.status === 'failed') return {};
  const endpoint = await webhookRepository.getEndpoint(ref.endpointId);
  const attempts = delivery.attempts + 1;
  const now = new Date();
  let code: number | null = null;
  let error: string | undefined;
  if (!endpoint) {
    error = 'The endpoint was deleted';
  } else {
    try {
      const signature = new Webhook(endpoint.secret).sign(delivery.eventId, now, delivery.payload);
      code = await postToEndpoint(
        endpoint.url,
        {
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Deskline-Webhooks/1',
            'webhook-id': delivery.eventId,
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': signature,
          },
          body: delivery.payload,
          timeoutMs: notificationConfig.timeoutMs(),
        },
        { allowLoopback: notificationConfig.allowHttpWebhooks() },
      );
      if (code < 200 || code > 299) error = `The endpoint answered ${code}`;
    } catch (cause) {
      error = `The endpoint could not be reached: ${(cause as Error).message}`;
    }
  }
  const succeeded = error === undefined;
  const last = !endpoint || attempts >= notificationConfig.maxAttempts();
  const retryInMs = succeeded || last ? undefined : retryDelayMs(attempts);
  const updated: WebhookDelivery = {
    ...delivery,
    status: succeeded ? 'succeeded' : last ? 'failed' : 'retrying',
    attempts,
    lastResponseCode: code,
    ...(error === undefined ? { lastError: undefined } : { lastError: error }),
    updatedAt: now.toISOString(),
    nextAttemptAt:
      retryInMs === undefined ? null : new Date(now.getTime() + retryInMs).toISOString(),
  };
  await webhookRepository.saveDelivery(updated, ref.occurredAt);
  // Identifiers and outcome only: never the secret, the signature or the payload.
  const fields = {
    deliveryId: delivery.deliveryId,
    endpointId: delivery.endpointId,
    eventType: delivery.eventType,
    attempts,
    statusCode: code,
  };
  if (succeeded) logger.info('webhook delivered', fields);
  else if (retryInMs === undefined) logger.warn('webhook delivery failed', { ...fields, error });
  else logger.info('webhook delivery will be retried', { ...fields, error, retryInMs });
  return { delivery: updated, ...(retryInMs !== undefined && { retryInMs }) };
}
