import { randomUUID } from 'node:crypto';
import type { NotificationEvent } from '@shared/notifications/events';
import {
  NOTIFICATION_PAGE_SIZE,
  notificationEventsQuerySchema,
  notificationPageQuerySchema,
  notificationPreferencesBodySchema,
  notificationPreferencesPathSchema,
  webhookEndpointBodySchema,
  webhookEndpointPathSchema,
  type NotificationPreferences,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '@shared/notifications/webhooks';
import type { ActionResult } from '@shared/common/fields';
import type * as z from 'zod';
import { notificationsRoutes } from '@shared/api/routes/notifications';
import { assertIsTraderOrStaff } from '../lib/account-access';
import type { Caller } from '../lib/auth-context';
import { NotFoundError, ValidationError } from '../lib/errors';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { notificationConfig } from '../lib/notifications/config';
import { literalAddressOf, mayConnectTo } from '../lib/notifications/endpoint-address';
import { queueDelivery } from '../lib/notifications/queues';
import { createTestDelivery, newWebhookSecret } from '../lib/notifications/webhook-delivery';
import { notificationRepository } from '../lib/repositories/notification-repository';
import { traderRepository } from '../lib/repositories/trader-repository';
import { webhookRepository } from '../lib/repositories/webhook-repository';

type EndpointBody = z.output<typeof webhookEndpointBodySchema>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The endpoint URL rule: https only, except that where `WEBHOOKS_ALLOW_HTTP` is set (the local
 * stack, the tests) a plain-http URL of this machine (loopback) is allowed too. No credentials in
 * the URL: the signature is the endpoint's proof, and a URL is shown and logged. No private or local
 * network address written in the URL (the server would post into its own network); a name that
 * resolves to one is refused when the delivery connects (endpoint-address.ts).
 */
export function checkEndpointUrl(url: string): void {
  const parsed = new URL(url);
  const refuse = (message: string) => {
    throw new ValidationError(message, [{ field: 'url', message }]);
  };
  if (parsed.username || parsed.password) refuse('url must not contain a user name or password');
  const local = notificationConfig.allowHttpWebhooks();
  if (parsed.protocol !== 'https:') {
    if (!local) refuse('url must be an https URL');
    if (!LOOPBACK_HOSTS.has(parsed.hostname)) {
      refuse('url must be an https URL, or an http URL of this machine (localhost)');
    }
    return;
  }
  const address = literalAddressOf(parsed.hostname);
  const privateHost =
    address === undefined
      ? !local && (parsed.hostname === 'localhost' || parsed.hostname.endsWith('.localhost'))
      : !mayConnectTo(address, { allowLoopback: local });
  if (privateHost) refuse('url must not point to a private or local network address');
}

async function existingEndpoint(endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = await webhookRepository.getEndpoint(endpointId);
  if (!endpoint) throw new NotFoundError(`Webhook endpoint ${endpointId} not found`);
  return endpoint;
}

function staffName(caller: Caller | undefined): string {
  return caller?.email ?? caller?.userId ?? 'staff';
}

async function readableTraderId(caller: Caller | undefined, traderId: string): Promise<string> {
  const trader = await traderRepository.get(traderId);
  if (!trader) throw new NotFoundError(`Trader ${traderId} not found`);
  assertIsTraderOrStaff(caller, trader);
  return trader.traderId;
}

function endpointOf(body: EndpointBody, fields: Omit<WebhookEndpoint, keyof EndpointBody>) {
  return {
    ...fields,
    url: body.url,
    description: body.description,
    events: [...new Set(body.events)],
    enabled: body.enabled,
  };
}

export const handler = createHttpHandler(notificationsRoutes, {
  'GET /api/notifications/events': route({
    query: notificationEventsQuerySchema,
    async handle({ query }): Promise<{ events: NotificationEvent[]; nextCursor?: string }> {
      const page = await notificationRepository.listEvents({
        limit: NOTIFICATION_PAGE_SIZE,
        cursor: query.cursor,
        type: query.type,
      });
      return { events: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
    },
  }),

  'GET /api/webhooks': route({
    async handle(): Promise<WebhookEndpointList> {
      return { endpoints: await webhookRepository.listEndpoints() };
    },
  }),

  'POST /api/webhooks': route({
    body: webhookEndpointBodySchema,
    async handle({ body, caller }): Promise<Reply> {
      checkEndpointUrl(body.url);
      const now = new Date().toISOString();
      const endpoint = await webhookRepository.createEndpoint(
        endpointOf(body, {
          endpointId: `ep_${randomUUID()}`,
          secret: newWebhookSecret(),
          createdAt: now,
          updatedAt: now,
          createdBy: staffName(caller),
        }),
      );
      return new Reply(201, endpoint satisfies WebhookEndpoint);
    },
  }),

  'PUT /api/webhooks/{endpointId}': route({
    params: webhookEndpointPathSchema,
    body: webhookEndpointBodySchema,
    async handle({ params, body }): Promise<WebhookEndpoint> {
      checkEndpointUrl(body.url);
      const current = await existingEndpoint(params.endpointId);
      return webhookRepository.replaceEndpoint(
        endpointOf(body, {
          endpointId: current.endpointId,
          secret: current.secret,
          createdAt: current.createdAt,
          updatedAt: new Date().toISOString(),
          createdBy: current.createdBy,
        }),
      );
    },
  }),

  'DELETE /api/webhooks/{endpointId}': route({
    params: webhookEndpointPathSchema,
    async handle({ params }): Promise<ActionResult> {
      await webhookRepository.deleteEndpoint(params.endpointId);
      return { success: true, message: `Webhook endpoint ${params.endpointId} deleted` };
    },
  }),

  'GET /api/webhooks/{endpointId}/deliveries': route({
    params: webhookEndpointPathSchema,
    query: notificationPageQuerySchema,
    async handle({
      params,
      query,
    }): Promise<{ deliveries: WebhookDelivery[]; nextCursor?: string }> {
      await existingEndpoint(params.endpointId);
      const page = await webhookRepository.listDeliveries(params.endpointId, {
        limit: NOTIFICATION_PAGE_SIZE,
        cursor: query.cursor,
      });
      return {
        deliveries: page.items,
        ...(page.nextCursor && { nextCursor: page.nextCursor }),
      };
    },
  }),

  'POST /api/webhooks/{endpointId}/test': route({
    params: webhookEndpointPathSchema,
    async handle({ params, caller }): Promise<Reply> {
      const endpoint = await existingEndpoint(params.endpointId);
      const ref = await createTestDelivery(endpoint, staffName(caller));
      if (!ref) throw new Error('A new test event collided with a delivery');
      await queueDelivery(ref);
      const delivery = await webhookRepository.getDelivery(ref);
      return new Reply(202, delivery);
    },
  }),

  'GET /api/traders/{traderId}/notification-preferences': route({
    params: notificationPreferencesPathSchema,
    async handle({ params, caller }): Promise<NotificationPreferences> {
      return notificationRepository.preferences(await readableTraderId(caller, params.traderId));
    },
  }),

  'PUT /api/traders/{traderId}/notification-preferences': route({
    params: notificationPreferencesPathSchema,
    body: notificationPreferencesBodySchema,
    async handle({ params, body, caller }): Promise<NotificationPreferences> {
      const traderId = await readableTraderId(caller, params.traderId);
      return notificationRepository.savePreferences({ traderId, emailOff: body.emailOff });
    },
  }),
});
