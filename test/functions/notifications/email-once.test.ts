import { notificationEventSchema, type NotificationEvent } from '@shared/notifications/events';
import {
  dispatchEvent,
  EMAIL_CLAIM_STALE_MS,
} from '../../../functions/lib/notifications/dispatcher';
import type { OutgoingEmail } from '../../../functions/lib/notifications/mailer';
import { notificationRepository } from '../../../functions/lib/repositories/notification-repository';
import { useFreshTable } from '../../support/fresh-table';
import { seedTrader } from './support';

/*
 * A dispatch repeated (SQS delivers a message at least once; a Lambda that died after sending is
 * retried) sends each e-mail once: the e-mail is claimed before it is sent and marked sent after.
 */

const TRADER_ID = 'TR000043';

useFreshTable({ perTest: true });

const savedEnv = { ...process.env };
beforeEach(async () => {
  process.env.STAFF_NOTIFY_EMAILS = 'ops@example.com';
  await seedTrader(TRADER_ID, 'sam.roe@example.com');
});
afterAll(() => {
  process.env = savedEnv;
});

/** A payout request: e-mailed to its trader and to staff. */
function event(key = 'payout.requested#PO-43'): NotificationEvent {
  return notificationEventSchema.parse({
    eventId: 'evt_1',
    occurredAt: '2026-11-20T23:00:00.000Z',
    type: 'payout.requested',
    key,
    traderId: TRADER_ID,
    accountId: 'FUND50K-000043',
    text: 'Your payout request of $1,000.00 from FUND50K-000043 was received.',
    link: '/traders/payouts',
    data: { payoutId: 'PO-43', amount: 1000 },
  });
}

function recordingMailer(failures = 0) {
  const sent: OutgoingEmail[] = [];
  let refusals = failures;
  return {
    sent,
    deps: {
      mailer: {
        async send(email: OutgoingEmail) {
          if (refusals > 0) {
            refusals -= 1;
            throw new Error('mail service down');
          }
          sent.push(email);
        },
      },
      queueDelivery: async () => undefined,
    },
  };
}

describe('each e-mail of an event is sent once', () => {
  it('sends nothing again when the same event is dispatched a second time', async () => {
    const { sent, deps } = recordingMailer();
    const first = await dispatchEvent(event(), deps);
    const again = await dispatchEvent(event(), deps);

    expect(first.emailed).toEqual([['sam.roe@example.com'], ['ops@example.com']]);
    expect(again.emailed).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('sends an e-mail the mail service refused when the event is dispatched again', async () => {
    const { sent, deps } = recordingMailer(1);
    const first = await dispatchEvent(event(), deps);
    expect(first.failedEmails).toEqual([['sam.roe@example.com']]);
    expect(first.emailed).toEqual([['ops@example.com']]);

    const retry = await dispatchEvent(event(), deps);
    expect(retry.emailed).toEqual([['sam.roe@example.com']]);
    expect(sent.map((email) => email.to)).toEqual([['ops@example.com'], ['sam.roe@example.com']]);
  });

  it('leaves a fresh claim to its dispatch, and takes over one left by a dispatch that died', async () => {
    const key = 'payout.requested#PO-44';
    const now = Date.now();
    // A dispatch claimed the trader's e-mail a minute ago and is still at it.
    await notificationRepository.claimEmail(
      key,
      'trader',
      new Date(now - 60_000),
      EMAIL_CLAIM_STALE_MS,
    );
    const { sent, deps } = recordingMailer();
    await dispatchEvent(event(key), deps);
    expect(sent.map((email) => email.to)).toEqual([['ops@example.com']]);

    // Another claimed longer ago than a dispatch lasts: it died between claiming and sending.
    const stale = 'payout.requested#PO-45';
    await notificationRepository.claimEmail(
      stale,
      'trader',
      new Date(now - EMAIL_CLAIM_STALE_MS - 1_000),
      EMAIL_CLAIM_STALE_MS,
    );
    const later = recordingMailer();
    await dispatchEvent(event(stale), later.deps);
    expect(later.sent.map((email) => email.to)).toEqual([
      ['sam.roe@example.com'],
      ['ops@example.com'],
    ]);
  });
});
