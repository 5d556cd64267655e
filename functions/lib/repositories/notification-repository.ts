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
import { ConflictError, NotFoundError } from '../errors';
import { deleteExisting, getItem, putIf, putItem, queryPage } from '../db/table';

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

  /**
   * Claims the e-mail of an event to one audience before it is sent, so a dispatch repeated (a queue
   * message received again) sends it once: answers false when it was sent, or claimed by a dispatch
   * still within `staleAfterMs` (a claim older than that was left by a dispatch that died mid-way,
   * and is taken over). Item `EVENT#<key> / EMAIL#<audience>`.
   */
  async claimEmail(causeKey: string, audience: string, now: Date, staleAfterMs: number) {
    const claimedAt = now.toISOString();
    try {
      await putIf(
        { ...notificationKeys.email(causeKey, audience), emailState: 'sending', claimedAt },
        'attribute_not_exists(PK) OR (emailState = :sending AND claimedAt < :stale)',
        {
          ':sending': 'sending',
          ':stale': new Date(now.getTime() - staleAfterMs).toISOString(),
        },
        `The e-mail of ${causeKey} to ${audience} is sent or being sent`,
      );
      return true;
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  },

  /** Records the claimed e-mail as sent: a later dispatch of the event leaves it alone. */
  async emailSent(causeKey: string, audience: string, sentAt: Date): Promise<void> {
    await putItem({
      ...notificationKeys.email(causeKey, audience),
      emailState: 'sent',
      sentAt: sentAt.toISOString(),
    });
  },

  /** Gives a claim back after the mail service refused the e-mail: a retry may send it. */
  async releaseEmail(causeKey: string, audience: string): Promise<void> {
    try {
      await deleteExisting(notificationKeys.email(causeKey, audience), 'No claim to give back');
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
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
