import { emitEvent } from '../../../functions/lib/notifications/outbox';
import { handler } from '../../../functions/notifications/handler';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, routeCaller } from '../../support/http-events';
import { OWNER_TRADER_ID, otherTraderClaims } from '../../support/callers';
import { seedTrader } from './support';

/*
 * The notifications routes: staff only for the events log and the webhook endpoints (with the
 * endpoint URL rule), trader-self for the e-mail preferences (a trader reads and writes their own,
 * never another trader's; staff any trader's).
 */

const admin = claimsFor('admin');
const owner = claimsFor('trader');
const other = otherTraderClaims();

const routes = {
  events: { method: 'GET', path: '/api/notifications/events' },
  list: { method: 'GET', path: '/api/webhooks' },
  create: { method: 'POST', path: '/api/webhooks' },
  update: { method: 'PUT', path: '/api/webhooks/{endpointId}' },
  remove: { method: 'DELETE', path: '/api/webhooks/{endpointId}' },
  deliveries: { method: 'GET', path: '/api/webhooks/{endpointId}/deliveries' },
  test: { method: 'POST', path: '/api/webhooks/{endpointId}/test' },
  preferences: { method: 'GET', path: '/api/traders/{traderId}/notification-preferences' },
  savePreferences: { method: 'PUT', path: '/api/traders/{traderId}/notification-preferences' },
} as const;
const call = routeCaller(handler, routes, admin);

const endpointBody = (overrides: Record<string, unknown> = {}) => ({
  url: 'https://hooks.example.com/deskline',
  events: ['account.breached', 'payout.paid'],
  ...overrides,
});

const savedFlag = process.env.WEBHOOKS_ALLOW_HTTP;
afterEach(() => {
  if (savedFlag === undefined) delete process.env.WEBHOOKS_ALLOW_HTTP;
  else process.env.WEBHOOKS_ALLOW_HTTP = savedFlag;
});

describe('webhook endpoints', () => {
  useFreshTable({ perTest: true });

  it('lets staff create, list, change and delete an endpoint; the secret stays', async () => {
    const created = await call('create', { body: endpointBody({ description: 'CRM' }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: 'https://hooks.example.com/deskline',
      description: 'CRM',
      events: ['account.breached', 'payout.paid'],
      enabled: true,
      createdBy: 'admin@example.com',
    });
    expect(created.body.secret).toMatch(/^whsec_/);
    const { endpointId, secret } = created.body;

    const changed = await call('update', {
      pathParameters: { endpointId },
      body: endpointBody({ events: ['sync.failed'], enabled: false }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      endpointId,
      secret,
      events: ['sync.failed'],
      enabled: false,
    });

    const listed = await call('list');
    expect(listed.body.endpoints).toEqual([changed.body]);

    expect((await call('remove', { pathParameters: { endpointId } })).status).toBe(200);
    expect((await call('remove', { pathParameters: { endpointId } })).status).toBe(404);
    expect((await call('deliveries', { pathParameters: { endpointId } })).status).toBe(404);
    expect((await call('test', { pathParameters: { endpointId } })).status).toBe(404);
  });

  it('takes only https URLs unless the local flag allows a loopback http URL', async () => {
    delete process.env.WEBHOOKS_ALLOW_HTTP;
    const plain = await call('create', { body: endpointBody({ url: 'http://127.0.0.1:9/x' }) });
    expect(plain.status).toBe(400);
    expect(plain.body.error.details).toEqual([
      { field: 'url', message: 'url must be an https URL' },
    ]);

    process.env.WEBHOOKS_ALLOW_HTTP = 'true';
    expect(
      (await call('create', { body: endpointBody({ url: 'http://localhost:9/x' }) })).status,
    ).toBe(201);
    const remote = await call('create', {
      body: endpointBody({ url: 'http://hooks.example.com/x' }),
    });
    expect(remote.status).toBe(400);
    expect(remote.body.error.details[0].field).toBe('url');

    const withPassword = await call('create', {
      body: endpointBody({ url: 'https://user:pw@hooks.example.com/x' }),
    });
    expect(withPassword.status).toBe(400);
    expect(withPassword.body.error.details[0].field).toBe('url');
  });

  it('refuses an https URL written with a private, loopback or link-local address', async () => {
    delete process.env.WEBHOOKS_ALLOW_HTTP;
    for (const url of [
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/hooks',
      'https://[::1]/hooks',
      'https://[::ffff:192.168.1.5]/hooks',
      'https://localhost/hooks',
    ]) {
      const answer = await call('create', { body: endpointBody({ url }) });
      expect({ url, status: answer.status, details: answer.body.error?.details }).toEqual({
        url,
        status: 400,
        details: [
          { field: 'url', message: 'url must not point to a private or local network address' },
        ],
      });
    }
    expect(
      (await call('create', { body: endpointBody({ url: 'https://93.184.215.14/hooks' }) })).status,
    ).toBe(201);
  });

  it('refuses a body without events or with an unknown event type, naming the field', async () => {
    const none = await call('create', { body: endpointBody({ events: [] }) });
    expect(none.status).toBe(400);
    expect(none.body.error.details[0].field).toBe('events');
    const unknown = await call('create', { body: endpointBody({ events: ['account.exploded'] }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].field).toBe('events.0');
  });

  const staffOnly = (Object.keys(routes) as (keyof typeof routes)[]).filter(
    (name) => !name.toLowerCase().includes('preferences'),
  );
  it.each(staffOnly)('answers %s to a trader with 403', async (name) => {
    const answer = await call(name, {
      claims: owner,
      pathParameters: { endpointId: 'ep_x' },
      ...(name === 'create' || name === 'update' ? { body: endpointBody() } : {}),
    });
    expect(answer.status).toBe(403);
  });

  it('refuses anonymous callers', async () => {
    const answer = await call('list', { claims: undefined });
    expect(answer.status).toBe(401);
  });
});

describe('events log', () => {
  useFreshTable({ perTest: true });

  it('lists the emitted events newest first, to staff only', async () => {
    for (const [index, day] of ['20261118', '20261119', '20261120'].entries()) {
      await emitEvent({
        type: 'account.breached',
        key: `account.breached#EVAL50K-000001#${day}`,
        accountId: 'EVAL50K-000001',
        text: `Breach ${index}`,
        link: '/accounts/EVAL50K-000001',
        data: {},
        occurredAt: `2026-11-2${index}T22:00:00.000Z`,
      });
    }
    const answer = await call('events');
    expect(answer.status).toBe(200);
    expect(answer.body.events.map((event: { text: string }) => event.text)).toEqual([
      'Breach 2',
      'Breach 1',
      'Breach 0',
    ]);
    expect(answer.body.events[0]).not.toHaveProperty('PK');
    expect((await call('events', { claims: owner })).status).toBe(403);
  });

  it('lists the events of one type when asked, and names an unknown type', async () => {
    for (const type of ['account.breached', 'account.passed'] as const) {
      await emitEvent({
        type,
        key: `${type}#EVAL50K-000001#20261120`,
        accountId: 'EVAL50K-000001',
        text: type,
        link: '/accounts/EVAL50K-000001',
        data: {},
      });
    }
    const passed = await call('events', { query: { type: 'account.passed' } });
    expect(passed.body.events.map((event: { type: string }) => event.type)).toEqual([
      'account.passed',
    ]);
    const unknown = await call('events', { query: { type: 'account.lost' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].field).toBe('type');
  });
});

describe('e-mail preferences', () => {
  useFreshTable({
    seed: async () => {
      await seedTrader(OWNER_TRADER_ID, 'trader@example.com');
      await seedTrader('TR999998', 'someone.else@example.com');
    },
    perTest: true,
  });

  const ownerPath = { pathParameters: { traderId: OWNER_TRADER_ID } };

  it('lets a trader read and change their own: nothing turned off at first', async () => {
    const first = await call('preferences', { ...ownerPath, claims: owner });
    expect(first).toEqual({ status: 200, body: { traderId: OWNER_TRADER_ID, emailOff: [] } });

    const saved = await call('savePreferences', {
      ...ownerPath,
      claims: owner,
      body: { emailOff: ['account.passed', 'account.limit_near', 'account.passed'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.emailOff).toEqual(['account.passed', 'account.limit_near']);
    expect((await call('preferences', { ...ownerPath, claims: owner })).body).toEqual(saved.body);
    // Staff read it too.
    expect((await call('preferences', ownerPath)).body).toEqual(saved.body);
  });

  it('never lets a trader read or change another trader’s', async () => {
    const read = await call('preferences', { ...ownerPath, claims: other });
    expect(read.status).toBe(403);
    expect(read.body).not.toHaveProperty('emailOff');
    const write = await call('savePreferences', {
      ...ownerPath,
      claims: other,
      body: { emailOff: ['account.passed'] },
    });
    expect(write.status).toBe(403);
    expect((await call('preferences', ownerPath)).body.emailOff).toEqual([]);
  });

  it('refuses turning off a breach or a payout decision, naming emailOff', async () => {
    const answer = await call('savePreferences', {
      ...ownerPath,
      claims: owner,
      body: { emailOff: ['account.breached'] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details[0]).toEqual({
      field: 'emailOff.0',
      message: 'emailOff may only name events a trader can turn off',
    });
  });

  it('answers 404 for an unknown trader', async () => {
    expect((await call('preferences', { pathParameters: { traderId: 'TR000777' } })).status).toBe(
      404,
    );
  });
});
