import {
  notificationEventSchema,
  type NotificationEvent,
  type NotificationEventType,
} from '@shared/notifications/events';
import {
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@shared/notifications/webhooks';
import { notificationKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { getItem, putItem, queryPage } from '../db/table';

/** The events emitted (written by the outbox only) and the traders' e-mail choices. */
export const notificationRepository = {
  /**
   * Access pattern "the events log, newest first": Query GSI1 `GSI1PK = EVENTS`, reverse, one page
   * from an opaque cursor; of one type: Query GSI2 `GSI2PK = EVENTS#<type>` the same way.
   */
  async listEvents(paging: {
    limit: number;
    cursor?: string;
    type?: NotificationEventType;
  }): Promise<Page<NotificationEvent>> {
    const index = paging.type === undefined ? 'GSI1' : 'GSI2';
    const page = await queryPage(
      {
        IndexName: index,
        KeyConditionExpression: `${index}PK = :pk`,
        ExpressionAttributeValues: {
          ':pk':
            paging.type === undefined
              ? notificationKeys.eventsPartition
              : notificationKeys.typePartition(paging.type),
        },
        ScanIndexForward: false,
      },
      paging.limit,
      paging.cursor,
    );
    return {
      ...page,
      items: page.items.map((item) => notificationEventSchema.parse(withoutKeys(item))),
    };
  },

  /** Access pattern "a trader's e-mail choices": Get `TRADER#<id> / NOTIFYPREFS`; none turned off by default. */
  async preferences(traderId: string): Promise<NotificationPreferences> {
    const item = await getItem(notificationKeys.preferences(traderId));
    return item
      ? notificationPreferencesSchema.parse(withoutKeys(item))
      : { traderId, emailOff: [] };
  },

  /** Replaces a trader's e-mail choices (the whole list of optional events turned off). */
  async savePreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
    const valid = notificationPreferencesSchema.parse({
      ...preferences,
      emailOff: [...new Set(preferences.emailOff)],
    });
    await putItem({ ...valid, ...notificationKeys.preferences(valid.traderId) });
    return valid;
  },
};
