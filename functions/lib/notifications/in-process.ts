import type { NotificationEvent } from '@shared/notifications/events';
import { logger } from '../logger';
import type { DeliveryRef } from '../repositories/webhook-repository';
import { dispatchEvent } from './dispatcher';
import { mailSender, type MailSender } from './mailer';
import { queueDelivery, setInProcessQueues } from './queues';
import { attemptDelivery } from './webhook-delivery';

export interface InProcessNotifications {
  /** Resolves once nothing is pending: no dispatch running, no delivery waiting for a retry. */
  idle(): Promise<void>;
  /** Stops: cancels the waiting retries and takes no new events. */
  stop(): void;
}

/**
 * Where there are no queues (the local stack, the tests), the dispatcher and the webhook deliveries
 * run in this process with the same code as the notifications function in AWS: a new event is
 * dispatched in the background (the emitter does not wait for it), and a delivery's retries wait on
 * timers (`WEBHOOK_RETRY_BASE_MS`, short locally) where the delivery queue's visibility timeout waits
 * in AWS.
 */
export function runNotificationsInProcess(
  options: { mailer?: MailSender } = {},
): InProcessNotifications {
  const mailer = options.mailer ?? { send: (email) => mailSender().send(email) };
  const timers = new Set<NodeJS.Timeout>();
  let pending = 0;
  let waiters: (() => void)[] = [];
  let stopped = false;

  const settle = () => {
    pending -= 1;
    if (pending > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  const schedule = (task: () => Promise<void>, delayMs: number) => {
    if (stopped) return;
    pending += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      task()
        .catch((error: unknown) =>
          logger.error('in-process notification task failed', { error: error as Error }),
        )
        .finally(settle);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };
  const deliver = (ref: DeliveryRef, delayMs: number) =>
    schedule(async () => {
      const { retryInMs } = await attemptDelivery(ref);
      if (retryInMs !== undefined) deliver(ref, retryInMs);
    }, delayMs);

  setInProcessQueues({
    dispatch: (event: NotificationEvent) =>
      schedule(async () => {
        await dispatchEvent(event, { mailer, queueDelivery: (ref) => queueDelivery(ref) });
      }, 0),
    deliver,
  });

  return {
    idle: () =>
      pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    stop() {
      stopped = true;
      setInProcessQueues(undefined);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      pending = 0;
      const done = waiters;
      waiters = [];
      for (const resolve of done) resolve();
    },
  };
}
