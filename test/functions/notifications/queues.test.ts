import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import type { SQSEvent } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import type { NotificationEvent } from '@shared/notifications/events';
import { logger } from '../../../functions/lib/logger';
import { sesMailSender } from '../../../functions/lib/notifications/mailer';
import { emitEvent } from '../../../functions/lib/notifications/outbox';
import { webhookRepository } from '../../../functions/lib/repositories/webhook-repository';
import { handler as notificationsFunction } from '../../../functions/notifications/workflow';
import { useFreshTable } from '../../support/fresh-table';
import { seedTrader, signatureHeaders, startReceiver } from './support';

/*
 * The AWS path, with SQS and SES stubbed (aws-sdk-client-mock): an emitted event is sent to the event
 * queue; the notifications function dispatches a queued event (SES e-mail, deliveries sent to the
 * delivery queue) and attempts a queued delivery, handing a failed one back after its backoff by the
 * message's visibility timeout. A queue that refuses does not fail the emitter.
 */

const EVENT_QUEUE_URL =
  'https://sqs.eu-west-1.amazonaws.com/123456789012/Deskline-NotificationEvents';
const WEBHOOK_QUEUE_URL =
  'https://sqs.eu-west-1.amazonaws.com/123456789012/Deskline-WebhookDeliveries';

const sqs = mockClient(SQSClient);
const ses = mockClient(SESv2Client);
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const savedEnv = { ...process.env };

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  process.env = savedEnv;
  sqs.restore();
  ses.restore();
  await receiver.close();
});

useFreshTable({ perTest: true });

beforeEach(async () => {
  sqs.reset();
  ses.reset();
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
  receiver.requests.length = 0;
  receiver.statuses.length = 0;
  Object.assign(process.env, {
    EVENT_QUEUE_URL,
    WEBHOOK_QUEUE_URL,
    APP_URL: 'https://deskline.example.com',
    NOTIFY_FROM_EMAIL: 'alerts@firm.example.com',
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOK_RETRY_BASE_MS: '30000',
  });
  delete process.env.SMTP_HOST;
  delete process.env.STAFF_NOTIFY_EMAILS;
  await seedTrader('TR000042', 'jane.doe@example.com');
});

const input = {
  type: 'account.breached',
  key: 'account.breached#EVAL50K-000042#20261120',
  traderId: 'TR000042',
  accountId: 'EVAL50K-000042',
  text: 'The account lost $2,600 on 11/20/2026, beyond the $2,500 daily loss limit.',
  link: '/accounts/EVAL50K-000042',
  data: { date: '20261120' },
} as const;

function sqsEvent(body: unknown, receiptHandle = 'receipt-1'): SQSEvent {
  return {
    Records: [
      {
        messageId: 'msg-1',
        receiptHandle,
        body: JSON.stringify(body),
        attributes: {} as never,
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:eu-west-1:123456789012:queue',
        awsRegion: 'eu-west-1',
      },
    ],
  };
}

async function queuedEvent(): Promise<NotificationEvent> {
  expect(await emitEvent(input)).toBe(true);
  const sent = sqs.commandCalls(SendMessageCommand);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.args[0].input.QueueUrl).toBe(EVENT_QUEUE_URL);
  const message = JSON.parse(sent[0]!.args[0].input.MessageBody!) as {
    kind: string;
    event: NotificationEvent;
  };
  expect(message.kind).toBe('notification-event');
  sqs.resetHistory();
  return message.event;
}

it('sends an emitted event to the event queue, and a refusing queue does not fail the emitter', async () => {
  const event = await queuedEvent();
  expect(event).toMatchObject({ type: 'account.breached', traderId: 'TR000042' });

  sqs.on(SendMessageCommand).rejects(new Error('SQS is down'));
  const error = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  await expect(
    emitEvent({ ...input, key: 'account.breached#EVAL50K-000042#20261121' }),
  ).resolves.toBe(true);
  expect(error).toHaveBeenCalledWith(
    'notification event not published',
    expect.objectContaining({ NotificationEventsUnpublished: 1 }),
  );
  error.mockRestore();
});

it('dispatches a queued event: the e-mail through SES, a delivery to the delivery queue', async () => {
  const event = await queuedEvent();
  const endpoint = await webhookRepository.createEndpoint({
    endpointId: 'ep_1',
    url: receiver.url,
    description: '',
    events: ['account.breached'],
    enabled: true,
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    createdBy: 'admin@example.com',
  });

  const answer = await notificationsFunction(sqsEvent({ kind: 'notification-event', event }));
  expect(answer).toEqual({ batchItemFailures: [] });

  const [mail] = ses.commandCalls(SendEmailCommand);
  expect(mail!.args[0].input).toMatchObject({
    FromEmailAddress: 'alerts@firm.example.com',
    Destination: { ToAddresses: ['jane.doe@example.com'] },
    Content: {
      Simple: {
        Subject: { Data: 'Deskline: Account EVAL50K-000042 breached a rule' },
        Body: {
          Text: {
            Data: expect.stringContaining('https://deskline.example.com/accounts/EVAL50K-000042'),
          },
        },
      },
    },
  });
  const [queued] = sqs.commandCalls(SendMessageCommand);
  expect(queued!.args[0].input.QueueUrl).toBe(WEBHOOK_QUEUE_URL);
  const delivery = JSON.parse(queued!.args[0].input.MessageBody!) as {
    kind: string;
    delivery: { endpointId: string };
  };
  expect(delivery).toMatchObject({
    kind: 'webhook-delivery',
    delivery: { endpointId: endpoint.endpointId },
  });

  // The same message again (SQS delivers at least once): no second delivery.
  sqs.resetHistory();
  await notificationsFunction(sqsEvent({ kind: 'notification-event', event }));
  expect(sqs.commandCalls(SendMessageCommand)).toEqual([]);

  // The delivery: answered 500, so handed back after the first backoff (30 s); then delivered.
  receiver.statuses.push(500);
  const failed = await notificationsFunction(sqsEvent(delivery, 'receipt-2'));
  expect(failed).toEqual({ batchItemFailures: [{ itemIdentifier: 'msg-1' }] });
  const [hidden] = sqs.commandCalls(ChangeMessageVisibilityCommand);
  expect(hidden!.args[0].input).toEqual({
    QueueUrl: WEBHOOK_QUEUE_URL,
    ReceiptHandle: 'receipt-2',
    VisibilityTimeout: 30,
  });
  const delivered = await notificationsFunction(sqsEvent(delivery, 'receipt-3'));
  expect(delivered).toEqual({ batchItemFailures: [] });
  expect(receiver.requests).toHaveLength(2);
  const [, last] = receiver.requests;
  expect(() =>
    new Webhook(endpoint.secret).verify(last!.body, signatureHeaders(last!)),
  ).not.toThrow();
  const [row] = (await webhookRepository.listDeliveries('ep_1', { limit: 10 })).items;
  expect(row).toMatchObject({ status: 'succeeded', attempts: 2, lastResponseCode: 200 });
});

it('records a refused SES e-mail and counts it, without failing the message', async () => {
  const event = await queuedEvent();
  ses.on(SendEmailCommand).rejects(new Error('MessageRejected: Email address is not verified'));
  const error = jest.spyOn(logger, 'error').mockImplementation(() => undefined);

  const answer = await notificationsFunction(sqsEvent({ kind: 'notification-event', event }));

  expect(answer).toEqual({ batchItemFailures: [] });
  expect(error).toHaveBeenCalledWith(
    'notification e-mail failed',
    expect.objectContaining({
      NotificationEmailsFailed: 1,
      _aws: expect.objectContaining({
        CloudWatchMetrics: [
          expect.objectContaining({
            Namespace: 'Deskline',
            Metrics: [{ Name: 'NotificationEmailsFailed', Unit: 'Count' }],
          }),
        ],
      }),
    }),
  );
  error.mockRestore();
});

it('drops a message that is not a notification', async () => {
  const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  expect(await notificationsFunction(sqsEvent({ kind: 'something-else' }))).toEqual({
    batchItemFailures: [],
  });
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});

it('sends through SES v2 with a plain-text and an HTML part', async () => {
  await sesMailSender('alerts@firm.example.com').send({
    to: ['a@example.com'],
    subject: 'S',
    text: 'T',
    html: '<p>H</p>',
  });
  expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple?.Body).toEqual({
    Text: { Data: 'T', Charset: 'UTF-8' },
    Html: { Data: '<p>H</p>', Charset: 'UTF-8' },
  });
});
