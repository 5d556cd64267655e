import type { NotificationEvent } from '@shared/notifications/events';
import { logger } from '../logger';
import { metricFields, notificationMetrics } from './metrics';
import { queueEvent } from './queues';

type EventListener = (event: NotificationEvent) => Promise<void>;
const listeners = new Set<EventListener>();

/**
 * Where a newly emitted event goes for delivery (e-mails, webhooks): the event queue in AWS, the
 * in-process dispatcher locally (functions/lib/notifications/in-process.ts), and the listeners
 * registered here (tests). Never fails its emitter: the event item is written, and a sync or a payout
 * must not fail because a queue or a mail server is down. What could not be handed over is logged
 * and counted (`NotificationEventsUnpublished`, alarmed in AWS).
 */
export async function publishEvent(event: NotificationEvent): Promise<void> {
  try {
    await queueEvent(event);
  } catch (error) {
    logger.error('notification event not published', {
      ...metricFields(notificationMetrics.unpublishedEvents),
      eventId: event.eventId,
      type: event.type,
      key: event.key,
      error: error as Error,
    });
  }
  await Promise.all(
    [...listeners].map(async (listener) => {
      try {
        await listener(event);
      } catch (error) {
        logger.error('notification event listener failed', {
          eventId: event.eventId,
          error: error as Error,
        });
      }
    }),
  );
}

/** Registers a listener of new events; answers its removal. */
export function onEventPublished(listener: EventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
