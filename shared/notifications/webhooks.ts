import * as z from 'zod';
import {
  boundedTextSchema,
  idSchema,
  INPUT_LIMITS,
  isoTimestampSchema,
  queryParamSchema,
} from '../common/fields';
import {
  NOTIFICATION_EVENT_TYPES,
  notificationEventSchema,
  notificationEventTypeSchema,
  OPTIONAL_TRADER_EVENTS,
} from './events';

/** A list of event types names each at most once: more items than types is a mistake. */
const EVENT_TYPES_BOUND = NOTIFICATION_EVENT_TYPES.length;

/**
 * A firm's webhook endpoint: the URL, the events it wants, and its signing secret (Standard
 * Webhooks, `whsec_…`), which only staff ever see. In AWS only https URLs are accepted; locally a
 * loopback http URL too (the server decides, not this schema).
 */
export const webhookEndpointSchema = z.object({
  endpointId: z.string().min(1),
  url: z.string(),
  description: z.string(),
  events: z.array(notificationEventTypeSchema),
  enabled: z.boolean(),
  secret: z.string(),
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  createdBy: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** `POST /api/webhooks` and `PUT /api/webhooks/{endpointId}`. */
export const webhookEndpointBodySchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: 'url must be an http(s) URL' })
    .max(2000, { error: 'url must be at most 2000 characters' }),
  description: z
    .string()
    .trim()
    .max(200, { error: 'description must be at most 200 characters' })
    .default(''),
  events: z
    .array(notificationEventTypeSchema, { error: 'events must be a list of event types' })
    .min(1, { error: 'events must name at least one event type' })
    .max(EVENT_TYPES_BOUND, { error: `events must name at most ${EVENT_TYPES_BOUND} event types` }),
  enabled: z.boolean().default(true),
});

/** `GET /api/webhooks`: every endpoint, newest first. */
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookEndpointPathSchema = z.object({ endpointId: idSchema('endpointId') });

/**
 * The type of the event `POST /api/webhooks/{endpointId}/test` sends: not an emitted event (it is in
 * no events log), delivered to that endpoint whatever it subscribed to, through the same signing,
 * retries and delivery log as the real ones.
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
export const webhookEventTypeSchema = z.union([
  notificationEventTypeSchema,
  z.literal(WEBHOOK_TEST_EVENT_TYPE),
]);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** The signed body of every delivery (Standard Webhooks' `type`, `timestamp`, `data`). */
export interface WebhookPayload {
  type: WebhookEventType;
  /** When the event happened (ISO 8601); the signature's `webhook-timestamp` is the attempt's. */
  timestamp: string;
  data: Record<string, unknown>;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;

/** One event sent (or being sent) to one endpoint: the delivery log's row. */
export const webhookDeliverySchema = z.object({
  deliveryId: z.string().min(1),
  endpointId: z.string().min(1),
  eventId: z.string().min(1),
  eventType: webhookEventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  lastResponseCode: z.number().int().nullable(),
  lastError: z.string().optional(),
  /** The JSON body as sent (signed). */
  payload: z.string(),
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  nextAttemptAt: isoTimestampSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.string().optional(),
});

/** The query of the paged lists (events log, delivery log): an opaque cursor from the last page. */
export const notificationPageQuerySchema = z.object({
  cursor: queryParamSchema(boundedTextSchema('cursor', INPUT_LIMITS.token).optional()),
});
/** `GET /api/notifications/events?type=&cursor=`: the log, of one type when given. */
export const notificationEventsQuerySchema = notificationPageQuerySchema.extend({
  type: queryParamSchema(notificationEventTypeSchema.optional()),
});

/** Rows per page of the events log and of a delivery log. */
export const NOTIFICATION_PAGE_SIZE = 50;

/** `GET /api/notifications/events`: the events emitted, newest first. */
export const notificationEventsSchema = z.object({
  events: z.array(notificationEventSchema),
  nextCursor: z.string().optional(),
});

/** A trader's e-mail choices: the optional events they turned off. */
export const notificationPreferencesSchema = z.object({
  traderId: z.string(),
  emailOff: z.array(notificationEventTypeSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesPathSchema = z.object({ traderId: idSchema('traderId') });

const optionalEvents = new Set<string>(OPTIONAL_TRADER_EVENTS);
/** `PUT /api/traders/{traderId}/notification-preferences`: only optional events may be turned off. */
export const notificationPreferencesBodySchema = z.strictObject({
  emailOff: z
    .array(
      notificationEventTypeSchema.refine((type) => optionalEvents.has(type), {
        error: 'emailOff may only name events a trader can turn off',
      }),
    )
    .max(EVENT_TYPES_BOUND, {
      error: `emailOff must name at most ${EVENT_TYPES_BOUND} event types`,
    }),
});
