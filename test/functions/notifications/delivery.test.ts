import { Webhook } from 'standardwebhooks';
import type { NotificationEventInput } from '@shared/notifications/events';
import { emitEvent } from '../../../functions/lib/notifications/outbox';
import {
  runNotificationsInProcess,
  type InProcessNotifications,
} from '../../../functions/lib/notifications/in-process';
import { notificationRepository } from '../../../functions/lib/repositories/notification-repository';
import { webhookRepository } from '../../../functions/lib/repositories/webhook-repository';
import { handler } from '../../../functions/notifications/handler';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { seedTrader, signatureHeaders, startReceiver, startSmtpServer } from './support';

/*
 * The notifications end to end in this process, as `npm start` runs them: an emitted event reaches
 * the dispatcher, e-mails arrive at a real SMTP server, and webhook deliveries reach a real HTTP
 * receiver, signed (checked with the Standard Webhooks library's verify), retried on failure with
 * short test delays, and recorded in the endpoint's delivery log.
 */

const admin = claimsFor('admin');
const TRADER_ID = 'TR000042';
const TRADER_EMAIL = 'jane.doe@example.com';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let runtime: InProcessNotifications;

const savedEnv = { ...process.env };
beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver();
});
afterAll(async () => {
  process.env = savedEnv;
  await Promise.all([smtp.close(), receiver.close()]);
});

useFreshTable({ perTest: true });

beforeEach(async () => {
  Object.assign(process.env, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    APP_URL: 'http://app.test:3000',
    STAFF_NOTIFY_EMAILS: 'ops@example.com, lead@example.com',
    NOTIFY_FROM_EMAIL: 'Deskline <notifications@example.com>',
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_MAX_ATTEMPTS: '3',
  });
  delete process.env.EVENT_QUEUE_URL;
  delete process.env.WEBHOOK_QUEUE_URL;
  smtp.mails.length = 0;
  receiver.requests.length = 0;
  receiver.statuses.length = 0;
  runtime = runNotificationsInProcess();
  await seedTrader(TRADER_ID, TRADER_EMAIL);
});
afterEach(() => runtime.stop());

function breach(overrides: Partial<NotificationEventInput> = {}): NotificationEventInput {
  return {
    type: 'account.breached',
    key: 'account.breached#EVAL50K-000042#20261120',
    traderId: TRADER_ID,
    accountId: 'EVAL50K-000042',
    text: 'The account lost $2,600 on 11/20/2026, beyond the $2,500 daily loss limit.',
    link: '/accounts/EVAL50K-000042',
    data: { date: '20261120', ruleId: 'daily-loss' },
    ...overrides,
  };
}

async function createEndpoint(events: string[], url = receiver.url) {
  const answer = await invoke(
    handler,
    httpEvent(
      { method: 'POST', path: '/api/webhooks' },
      { claims: admin, body: { url, events, description: 'Firm CRM' } },
    ),
  );
  expect(answer.status).toBe(201);
  return answer.body as { endpointId: string; secret: string };
}

async function deliveryLog(endpointId: string) {
  const answer = await invoke(
    handler,
    httpEvent(
      { method: 'GET', path: '/api/webhooks/{endpointId}/deliveries' },
      { claims: admin, pathParameters: { endpointId } },
    ),
  );
  expect(answer.status).toBe(200);
  return answer.body.deliveries as Array<Record<string, unknown>>;
}

describe('e-mails', () => {
  it('e-mails the trader the event’s text with an absolute link to its screen', async () => {
    expect(await emitEvent(breach())).toBe(true);
    await runtime.idle();

    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual([TRADER_EMAIL]);
    expect(mail!.subject).toBe('Deskline: Account EVAL50K-000042 breached a rule');
    expect(mail!.text).toContain(breach().text);
    expect(mail!.text).toContain('http://app.test:3000/accounts/EVAL50K-000042');
    expect(mail!.html).toContain('href="http://app.test:3000/accounts/EVAL50K-000042"');
    expect(mail!.html).toContain('beyond the $2,500 daily loss limit');
  });

  it('sends nothing for an optional event the trader turned off, but always a breach', async () => {
    await notificationRepository.savePreferences({
      traderId: TRADER_ID,
      emailOff: ['account.passed'],
    });

    await emitEvent(
      breach({
        type: 'account.passed',
        key: 'account.passed#EVAL50K-000042#20261120',
        text: 'The account reached its $3,000 profit target.',
      }),
    );
    await runtime.idle();
    expect(smtp.mails).toEqual([]);

    await emitEvent(breach());
    await runtime.idle();
    expect(smtp.mails.map((mail) => mail.subject)).toEqual([
      'Deskline: Account EVAL50K-000042 breached a rule',
    ]);
  });

  it('e-mails staff about the staff events, besides the trader', async () => {
    await emitEvent({
      type: 'payout.requested',
      key: 'payout.requested#PO-1',
      traderId: TRADER_ID,
      accountId: 'FUNDED-000042',
      text: 'Jane Doe asked for a payout of $1,200.00.',
      link: '/payouts/PO-1',
      data: { payoutId: 'PO-1', amount: 120000 },
    });
    await runtime.idle();

    const recipients = smtp.mails.map((mail) => mail.to).sort();
    expect(recipients).toEqual([['ops@example.com', 'lead@example.com'], [TRADER_EMAIL]].sort());
    for (const mail of smtp.mails) {
      expect(mail.subject).toBe('Deskline: Payout requested for account FUNDED-000042');
      expect(mail.text).toContain('http://app.test:3000/payouts/PO-1');
    }
  });

  it("e-mails staff the event's staff wording and screen, the trader their own", async () => {
    await emitEvent({
      type: 'payout.requested',
      key: 'payout.requested#PO-2',
      traderId: TRADER_ID,
      accountId: 'FUNDED-000042',
      text: 'Your payout request of $1,200.00 from FUNDED-000042 was received.',
      link: '/traders/payouts',
      staff: {
        text: 'Trader TR000042 asked for a payout of $1,200.00 from FUNDED-000042.',
        link: '/payouts?payout=PO-2',
      },
      data: { payoutId: 'PO-2' },
    });
    await runtime.idle();

    const toTrader = smtp.mails.find((mail) => mail.to.includes(TRADER_EMAIL))!;
    const toStaff = smtp.mails.find((mail) => mail.to.includes('ops@example.com'))!;
    expect(toTrader.text).toContain('Your payout request of $1,200.00');
    expect(toTrader.text).toContain('http://app.test:3000/traders/payouts');
    expect(toStaff.text).toContain('Trader TR000042 asked for a payout of $1,200.00');
    expect(toStaff.text).not.toContain('Your payout request');
    expect(toStaff.text).toContain('http://app.test:3000/payouts?payout=PO-2');
  });

  it('e-mails a held breach to staff only: it is not yet a verdict the trader is told', async () => {
    await emitEvent(
      breach({ type: 'breach.held', key: 'breach.held#EVAL50K-000042#20261120', link: '/sync' }),
    );
    await runtime.idle();

    expect(smtp.mails.map((mail) => mail.to)).toEqual([['ops@example.com', 'lead@example.com']]);
  });

  it('emits once per cause: the same cause again sends nothing new', async () => {
    const endpoint = await createEndpoint(['account.breached']);
    expect(await emitEvent(breach())).toBe(true);
    expect(await emitEvent(breach({ text: 'Judged again.' }))).toBe(false);
    await runtime.idle();

    expect(smtp.mails).toHaveLength(1);
    expect(receiver.requests).toHaveLength(1);
    expect(await deliveryLog(endpoint.endpointId)).toHaveLength(1);
  });

  it('does not fail the emitter when the mail server is down; the webhooks still go out', async () => {
    process.env.SMTP_PORT = '1'; // nothing listens there
    await createEndpoint(['account.breached']);

    await expect(emitEvent(breach())).resolves.toBe(true);
    await runtime.idle();

    expect(smtp.mails).toEqual([]);
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('signs each delivery per Standard Webhooks: the receiver verifies it with the library', async () => {
    const endpoint = await createEndpoint(['account.breached', 'account.passed']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    await emitEvent(breach());
    await runtime.idle();

    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    const headers = signatureHeaders(request!);
    const verified = new Webhook(endpoint.secret).verify(request!.body, headers) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(verified.type).toBe('account.breached');
    expect(verified.data).toMatchObject({
      type: 'account.breached',
      accountId: 'EVAL50K-000042',
      text: breach().text,
      data: { date: '20261120', ruleId: 'daily-loss' },
    });
    expect(headers['webhook-id']).toBe(verified.data.eventId);
    // Another secret, or a changed body, does not verify.
    const other = await createEndpoint(['sync.failed']);
    expect(() => new Webhook(other.secret).verify(request!.body, headers)).toThrow();
    expect(() =>
      new Webhook(endpoint.secret).verify(request!.body.replace('2,600', '9,600'), headers),
    ).toThrow();
  });

  it('retries a delivery answered 500, then logs its success with the attempts and code', async () => {
    const endpoint = await createEndpoint(['account.breached']);
    receiver.statuses.push(500);

    await emitEvent(breach());
    await runtime.idle();

    expect(receiver.requests).toHaveLength(2);
    // The same message on each retry: the same id and body, a fresh signature.
    expect(receiver.requests[1]!.headers['webhook-id']).toBe(
      receiver.requests[0]!.headers['webhook-id'],
    );
    expect(receiver.requests[1]!.body).toBe(receiver.requests[0]!.body);
    const [row] = await deliveryLog(endpoint.endpointId);
    expect(row).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      lastResponseCode: 200,
      eventType: 'account.breached',
      nextAttemptAt: null,
    });
    expect(JSON.parse(row!.payload as string)).toMatchObject({ type: 'account.breached' });
  });

  it('gives up after the last attempt: the delivery ends failed with the last code', async () => {
    const endpoint = await createEndpoint(['account.breached']);
    receiver.statuses.push(500, 502, 503, 504);

    await emitEvent(breach());
    await runtime.idle();

    expect(receiver.requests).toHaveLength(3);
    const [row] = await deliveryLog(endpoint.endpointId);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastResponseCode: 503,
      lastError: 'The endpoint answered 503',
    });
  });

  it('retries a network error (nobody listening) and records no response code', async () => {
    const endpoint = await createEndpoint(['account.breached'], 'http://127.0.0.1:1/hooks');

    await emitEvent(breach());
    await runtime.idle();

    const [row] = await deliveryLog(endpoint.endpointId);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastResponseCode: null });
    expect(row!.lastError).toMatch(/could not be reached/);
  });

  it('never posts to a private address: a name resolving to loopback is refused as it connects', async () => {
    // Saved while loopback was allowed; the rule in force when the delivery connects decides.
    const endpoint = await createEndpoint(
      ['account.breached'],
      `http://localhost:${new URL(receiver.url).port}/hooks`,
    );
    delete process.env.WEBHOOKS_ALLOW_HTTP;

    await emitEvent(breach());
    await runtime.idle();

    const [row] = await deliveryLog(endpoint.endpointId);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastResponseCode: null });
    expect(row!.lastError).toMatch(/private or local network address/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('delivers only to enabled endpoints subscribed to the event type', async () => {
    const subscribed = await createEndpoint(['account.breached']);
    const other = await createEndpoint(['payout.paid']);
    const disabled = await createEndpoint(['account.breached']);
    await webhookRepository.replaceEndpoint({
      ...(await webhookRepository.getEndpoint(disabled.endpointId))!,
      enabled: false,
    });

    await emitEvent(breach());
    await runtime.idle();

    expect(receiver.requests).toHaveLength(1);
    expect(await deliveryLog(subscribed.endpointId)).toHaveLength(1);
    expect(await deliveryLog(other.endpointId)).toEqual([]);
    expect(await deliveryLog(disabled.endpointId)).toEqual([]);
  });

  it('sends a test event through the same path, and it lands in the delivery log', async () => {
    const endpoint = await createEndpoint(['payout.paid']);

    const answer = await invoke(
      handler,
      httpEvent(
        { method: 'POST', path: '/api/webhooks/{endpointId}/test' },
        { claims: admin, pathParameters: { endpointId: endpoint.endpointId } },
      ),
    );
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await runtime.idle();

    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    const verified = new Webhook(endpoint.secret).verify(
      request!.body,
      signatureHeaders(request!),
    ) as { type: string };
    expect(verified.type).toBe('webhook.test');
    const log = await deliveryLog(endpoint.endpointId);
    expect(log).toEqual([
      expect.objectContaining({
        deliveryId: answer.body.deliveryId,
        eventType: 'webhook.test',
        status: 'succeeded',
        attempts: 1,
        lastResponseCode: 200,
      }),
    ]);
  });
});
