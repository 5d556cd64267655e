import { randomUUID } from 'node:crypto';
import {
  notificationEventSchema,
  type NotificationEvent,
  type NotificationEventInput,
} from '@shared/notifications/events';
import { ConflictError } from '../errors';
import { notificationKeys } from '../db/keys';
import { putNew } from '../db/table';
import { publishEvent } from './publish';

/**
 * Emits an event once per cause: the event item is written only if none with its `key`
 * exists, and only a new event is published for delivery (e-mail, webhooks). Answers whether the
 * event was new. The judging and payout services call this; screens never do.
 */
export async function emitEvent(input: NotificationEventInput): Promise<boolean> {
  const event: NotificationEvent = notificationEventSchema.parse({
    ...input,
    eventId: `evt_${randomUUID()}`,
    occurredAt: input.occurredAt ?? new Date().toISOString(),
  });
  try {
    await putNew(
      {
        ...event,
        ...notificationKeys.event(event.key),
        ...notificationKeys.eventIndex(event.occurredAt, event.key, event.type),
      },
      `Event ${event.key} was already emitted`,
    );
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
  await publishEvent(event);
  return true;
}
