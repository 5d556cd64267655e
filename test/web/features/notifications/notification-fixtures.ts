import type { NotificationEvent } from '@shared/notifications/events';
import type { WebhookDelivery, WebhookEndpoint } from '@shared/notifications/webhooks';

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export function endpointFixture(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    endpointId: 'wh_1',
    url: 'https://crm.example.com/hooks/deskline',
    description: 'Back office CRM',
    events: ['account.passed', 'payout.paid'],
    enabled: true,
    secret: SECRET,
    createdAt: '2026-11-20T15:30:00.000Z',
    updatedAt: '2026-11-20T15:30:00.000Z',
    createdBy: 'admin@example.com',
    ...overrides,
  };
}

export function deliveryFixture(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    deliveryId: 'dl_1',
    endpointId: 'wh_1',
    eventId: 'ev_1',
    eventType: 'payout.paid',
    status: 'succeeded',
    attempts: 1,
    lastResponseCode: 200,
    payload: JSON.stringify({ type: 'payout.paid', data: { payoutId: 'PO-1', amount: 1250 } }),
    createdAt: '2026-11-21T16:00:00.000Z',
    updatedAt: '2026-11-21T16:00:01.000Z',
    nextAttemptAt: null,
    ...overrides,
  };
}

export function eventFixture(overrides: Partial<NotificationEvent> = {}): NotificationEvent {
  return {
    eventId: 'ev_1',
    type: 'account.passed',
    key: 'account.passed#EVAL50K-000004#20261120',
    occurredAt: '2026-11-20T23:00:00.000Z',
    traderId: 'TR000001',
    accountId: 'EVAL50K-000004',
    text: 'EVAL50K-000004 reached its profit target and passed.',
    link: '/summaries/account/EVAL50K-000004',
    data: {},
    ...overrides,
  };
}
