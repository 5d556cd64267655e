import {
  OPTIONAL_TRADER_EVENTS,
  STAFF_EVENTS,
  STAFF_ONLY_EVENTS,
  type NotificationEvent,
} from '@shared/notifications/events';
import { renderEmail } from '@shared/notifications/templates';
import { logger } from '../logger';
import { notificationRepository } from '../repositories/notification-repository';
import { traderRepository } from '../repositories/trader-repository';
import { webhookRepository, type DeliveryRef } from '../repositories/webhook-repository';
import { notificationConfig } from './config';
import type { MailSender } from './mailer';
import { metricFields, notificationMetrics } from './metrics';
import { createEventDelivery } from './webhook-delivery';

export interface DispatchDeps {
  mailer: MailSender;
  /** Queues a new delivery for its first attempt. */
  queueDelivery(ref: DeliveryRef): Promise<void>;
}

export interface DispatchOutcome {
  /** Recipients of each e-mail sent (one to the trader, one to staff). */
  emailed: string[][];
  /** Recipients of each e-mail the mail service refused. */
  failedEmails: string[][];
  /** Deliveries created (endpoints enabled and subscribed to the event's type). */
  deliveries: DeliveryRef[];
}

/**
 * How long a claimed e-mail is left to the dispatch that claimed it: past this, that dispatch is taken
 * to have died between claiming and sending, and a repeated dispatch sends the e-mail. Longer than a
 * dispatch takes (the SMTP and SES calls time out within seconds), shorter than the queue's retries.
 */
export const EMAIL_CLAIM_STALE_MS = 5 * 60 * 1000;

const optionalEvents = new Set(OPTIONAL_TRADER_EVENTS);
const staffEvents = new Set(STAFF_EVENTS);
const staffOnlyEvents = new Set(STAFF_ONLY_EVENTS);

/** One e-mail's addresses, and whether they are staff's (who read the event's staff wording). */
interface Recipients {
  to: string[];
  staff: boolean;
}

/**
 * Who is e-mailed about an event: the event's trader (their record's address), unless the event is
 * staff's only or one a trader may turn off and they did; and staff (`STAFF_NOTIFY_EMAILS`) for the
 * staff events.
 */
export async function recipientsOf(event: NotificationEvent): Promise<Recipients[]> {
  const recipients: Recipients[] = [];
  if (event.traderId && !staffOnlyEvents.has(event.type)) {
    const [trader, preferences] = await Promise.all([
      traderRepository.get(event.traderId),
      optionalEvents.has(event.type)
        ? notificationRepository.preferences(event.traderId)
        : undefined,
    ]);
    const turnedOff = preferences?.emailOff.includes(event.type) ?? false;
    if (trader?.email && !turnedOff) recipients.push({ to: [trader.email], staff: false });
  }
  const staff = notificationConfig.staffEmails();
  if (staffEvents.has(event.type) && staff.length > 0) recipients.push({ to: staff, staff: true });
  return recipients;
}

/**
 * Everything a new event causes: its e-mails (each sent once however often the event is dispatched:
 * claimed before it is sent), then one webhook delivery per enabled endpoint that subscribed to its
 * type (each queued for its first attempt; a delivery is recorded once per event and endpoint). A refused e-mail is logged and
 * counted (`NotificationEmailsFailed`, alarmed in AWS), never thrown: the webhooks still go out.
 */
export async function dispatchEvent(
  event: NotificationEvent,
  deps: DispatchDeps,
): Promise<DispatchOutcome> {
  const outcome: DispatchOutcome = { emailed: [], failedEmails: [], deliveries: [] };
  for (const { to, staff } of await recipientsOf(event)) {
    const audience = staff ? 'staff' : 'trader';
    const claimed = await notificationRepository.claimEmail(
      event.key,
      audience,
      new Date(),
      EMAIL_CLAIM_STALE_MS,
    );
    if (!claimed) continue;
    const told = staff && event.staff ? { ...event, ...event.staff } : event;
    const email = renderEmail(told, notificationConfig.appUrl());
    try {
      await deps.mailer.send({ to, ...email });
      await notificationRepository.emailSent(event.key, audience, new Date());
      outcome.emailed.push(to);
    } catch (error) {
      await notificationRepository.releaseEmail(event.key, audience);
      outcome.failedEmails.push(to);
      logger.error('notification e-mail failed', {
        ...metricFields(notificationMetrics.failedEmails),
        eventId: event.eventId,
        type: event.type,
        recipients: to.length,
        error: (error as Error).message,
      });
    }
  }
  const endpoints = (await webhookRepository.listEndpoints()).filter(
    (endpoint) => endpoint.enabled && endpoint.events.includes(event.type),
  );
  for (const endpoint of endpoints) {
    const ref = await createEventDelivery(endpoint, event);
    if (!ref) continue;
    outcome.deliveries.push(ref);
    await deps.queueDelivery(ref);
  }
  logger.info('notification event dispatched', {
    eventId: event.eventId,
    type: event.type,
    emails: outcome.emailed.length,
    failedEmails: outcome.failedEmails.length,
    deliveries: outcome.deliveries.length,
  });
  return outcome;
}
