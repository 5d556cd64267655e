import * as z from 'zod';
import type { NotificationEventType } from '@shared/notifications/events';
import { webhookEndpointBodySchema, type WebhookEndpoint } from '@shared/notifications/webhooks';
import type { WebhookEndpointBody } from '@/api/notifications';

/** The endpoint form's values: the API body's fields under the same names, so a 400 lands on them. */
export interface EndpointFormValues {
  url: string;
  description: string;
  events: NotificationEventType[];
  enabled: boolean;
}

const body = webhookEndpointBodySchema.shape;

/**
 * The API's own body schema, with the form's words for the two mistakes a person makes (a blank
 * URL, no event ticked); what the API checks besides (an http(s) URL, lengths) it says itself.
 */
export const endpointFormSchema: z.ZodType<WebhookEndpointBody, EndpointFormValues> =
  webhookEndpointBodySchema.extend({
    url: z.string().trim().min(1, { error: 'Enter the URL to send events to' }).pipe(body.url),
    events: z.array(body.events.element).min(1, { error: 'Choose at least one event' }),
  }) as unknown as z.ZodType<WebhookEndpointBody, EndpointFormValues>;

export function endpointFormValues(endpoint?: WebhookEndpoint): EndpointFormValues {
  return endpoint
    ? {
        url: endpoint.url,
        description: endpoint.description,
        events: [...endpoint.events],
        enabled: endpoint.enabled,
      }
    : { url: '', description: '', events: [], enabled: true };
}
