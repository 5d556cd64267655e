import {
  webhookDeliverySchema,
  webhookEndpointSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@shared/notifications/webhooks';
import { ConflictError } from '../errors';
import { webhookKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import {
  deleteExisting,
  getItem,
  putExisting,
  putItem,
  putNew,
  queryAll,
  queryPage,
} from '../db/table';

/** Where a delivery item lives: its endpoint, the event's time and its id. */
export interface DeliveryRef {
  endpointId: string;
  deliveryId: string;
  occurredAt: string;
}

function endpointItem(endpoint: WebhookEndpoint) {
  const valid = webhookEndpointSchema.parse(endpoint);
  return {
    ...valid,
    ...webhookKeys.endpoint(valid.endpointId),
    ...webhookKeys.endpointIndex(valid.createdAt, valid.endpointId),
  };
}

function deliveryItem(delivery: WebhookDelivery & { occurredAt: string }) {
  const { occurredAt, ...rest } = delivery;
  const valid = webhookDeliverySchema.parse(rest);
  return {
    ...valid,
    occurredAt,
    ...webhookKeys.delivery(valid.endpointId, occurredAt, valid.deliveryId),
  };
}

function deliveryOf(item: Record<string, unknown>): WebhookDelivery {
  return webhookDeliverySchema.parse(withoutKeys(item));
}

/** The firm's webhook endpoints and each one's delivery log (docs/data-model.md). */
export const webhookRepository = {
  /** Creates an endpoint: Put `WEBHOOK#<id> / ENDPOINT` with `attribute_not_exists(PK)`. */
  async createEndpoint(endpoint: WebhookEndpoint): Promise<WebhookEndpoint> {
    await putNew(endpointItem(endpoint), `Webhook endpoint ${endpoint.endpointId} already exists`);
    return endpoint;
  },

  /** Replaces an endpoint that exists (404 otherwise). */
  async replaceEndpoint(endpoint: WebhookEndpoint): Promise<WebhookEndpoint> {
    await putExisting(endpointItem(endpoint), `Webhook endpoint ${endpoint.endpointId} not found`);
    return endpoint;
  },

  /** Access pattern "one endpoint": Get `WEBHOOK#<id> / ENDPOINT`. */
  async getEndpoint(endpointId: string): Promise<WebhookEndpoint | undefined> {
    const item = await getItem(webhookKeys.endpoint(endpointId));
    return item ? webhookEndpointSchema.parse(withoutKeys(item)) : undefined;
  },

  /**
   * Deletes an endpoint (404 if unknown). Its delivery log stays in the partition, unread: a
   * delivery still queued finds no endpoint and ends failed.
   */
  async deleteEndpoint(endpointId: string): Promise<void> {
    await deleteExisting(
      webhookKeys.endpoint(endpointId),
      `Webhook endpoint ${endpointId} not found`,
    );
  },

  /**
   * Access pattern "every endpoint, newest first": Query GSI1 `GSI1PK = WEBHOOKS`, reverse. A firm
   * has a handful, so one read takes them all.
   */
  async listEndpoints(): Promise<WebhookEndpoint[]> {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': webhookKeys.listPartition },
      ScanIndexForward: false,
    });
    return items.map((item) => webhookEndpointSchema.parse(withoutKeys(item)));
  },

  /**
   * Records a new delivery; answers false when it exists already (the same event dispatched twice:
   * a queue delivers at least once), so each event reaches an endpoint once.
   */
  async createDelivery(delivery: WebhookDelivery, occurredAt: string): Promise<boolean> {
    try {
      await putNew(
        deliveryItem({ ...delivery, occurredAt }),
        `Delivery ${delivery.deliveryId} exists`,
      );
      return true;
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  },

  /** Access pattern "one delivery": Get `WEBHOOK#<endpointId> / DELIVERY#<time>#<id>`. */
  async getDelivery(ref: DeliveryRef): Promise<WebhookDelivery | undefined> {
    const item = await getItem(
      webhookKeys.delivery(ref.endpointId, ref.occurredAt, ref.deliveryId),
    );
    return item ? deliveryOf(item) : undefined;
  },

  /** Writes a delivery's new state (one worker holds a delivery at a time: its queue message). */
  async saveDelivery(delivery: WebhookDelivery, occurredAt: string): Promise<void> {
    await putItem(deliveryItem({ ...delivery, occurredAt }));
  },

  /**
   * Access pattern "an endpoint's delivery log, newest first": Query `PK = WEBHOOK#<id>`,
   * `begins_with(SK, DELIVERY#)`, reverse, one page from an opaque cursor.
   */
  async listDeliveries(
    endpointId: string,
    paging: { limit: number; cursor?: string },
  ): Promise<Page<WebhookDelivery>> {
    const page = await queryPage(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: {
          ':pk': webhookKeys.partition(endpointId),
          ':prefix': webhookKeys.deliveryPrefix,
        },
        ScanIndexForward: false,
      },
      paging.limit,
      paging.cursor,
    );
    return { ...page, items: page.items.map(deliveryOf) };
  },
};
