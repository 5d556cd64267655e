import * as z from 'zod';
import { isoTimestampSchema } from '../common/fields';
import {
  notificationEventSchema,
  notificationEventTypeSchema,
  OPTIONAL_TRADER_EVENTS,
} from './events';

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
    .min(1, { error: 'events must name at least one event type' }),
  enabled: z.boolean().default(true),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;

/** One event sent (or being sent) to one endpoint: the delivery log's row. */
export const webhookDeliverySchema = z.object({
  deliveryId: z.string().min(1),
  endpointId: z.string().min(1),
  eventId: z.string().min(1),
  eventType: notificationEventTypeSchema,
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

const optionalEvents = new Set<string>(OPTIONAL_TRADER_EVENTS);
/** `PUT /api/traders/{traderId}/notification-preferences`: only optional events may be turned off. */
export const notificationPreferencesBodySchema = z.strictObject({
  emailOff: z.array(
    notificationEventTypeSchema.refine((type) => optionalEvents.has(type), {
      error: 'emailOff may only name events a trader can turn off',
    }),
  ),
});
