import type { NotificationEvent } from '@shared/notifications/events';

type EventListener = (event: NotificationEvent) => Promise<void>;
const listeners = new Set<EventListener>();

/**
 * Where a newly emitted event goes for delivery. In this process (tests, `npm start`) the listeners
 * registered here receive it.
 */
export async function publishEvent(event: NotificationEvent): Promise<void> {
  await Promise.all([...listeners].map((listener) => listener(event)));
}

/** Registers a listener of new events; answers its removal. */
export function onEventPublished(listener: EventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
