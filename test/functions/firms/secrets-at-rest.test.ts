import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { handler } from '../../../functions/firms/handler';
import { firmKeys } from '../../../functions/lib/db/keys';
import { logger } from '../../../functions/lib/logger';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke, type EventOptions } from '../../support/http-events';

/*
 * Issue 23: firm secrets are encrypted at rest (envelope encryption in the firm repository, here
 * with the test services' local key against dynalite). The item as DynamoDB holds it carries no
 * secret; staff still read every secret through the API.
 */

const routes = {
  get: { method: 'GET', path: '/api/firms/{id}' },
  list: { method: 'GET', path: '/api/firms' },
  create: { method: 'POST', path: '/api/firms' },
  update: { method: 'PUT', path: '/api/firms/{id}' },
} as const;

const call = (name: keyof typeof routes, options: EventOptions = {}) =>
  invoke(handler, httpEvent(routes[name], { claims: claimsFor('admin'), ...options }));

const SECRETS = [
  'mgr-password-1',
  'software-password-1',
  'api-key-value-1',
  'payout-secret-1',
  'stripe-secret-1',
  'server-secret-1',
];

function firmBody(id: string) {
  return {
    id,
    name: `Firm ${id}`,
    industry: 'Proprietary trading',
    email: 'ops@acme.example',
    website: 'https://acme.example',
    brokers: [
      {
        name: 'Rithmic',
        mgrAccount: [
          { accountNumber: 'FCM-0', username: 'plain-user' },
          { accountNumber: 'FCM-1', username: 'fcm-user', password: 'mgr-password-1' },
        ],
      },
    ],
    managerSoftware: [
      { name: 'Plain' },
      {
        name: 'R Trader Pro',
        username: 'rtrader',
        password: 'software-password-1',
        apiKeys: { main: 'api-key-value-1' },
      },
    ],
    payoutKeys: { secret: 'payout-secret-1' },
    stripeKeys: { secret: 'stripe-secret-1' },
    serverKeys: { secret: 'server-secret-1', nested: { deeper: ['server-secret-1'] } },
  };
}

/** The item exactly as the table holds it, read with the low-level client. */
async function rawItem(id: string): Promise<string> {
  const answer = await new DynamoDBClient({}).send(
    new GetItemCommand({
      TableName: process.env.TABLE_NAME,
      Key: marshall(firmKeys.profile(id)),
    }),
  );
  return JSON.stringify(answer.Item);
}

describe('firm secrets at rest', () => {
  useFreshTable();

  it('stores no secret in the item, only a sealed envelope; staff read every secret back', async () => {
    expect((await call('create', { body: firmBody('sealed-1') })).status).toBe(201);

    const stored = await rawItem('sealed-1');
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/password|apiKeys|payoutKeys|stripeKeys|serverKeys/);
    expect(stored).toContain('sealedSecrets');
    expect(stored).toContain('fcm-user');
    const { status, body } = await call('get', { pathParameters: { id: 'sealed-1' } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      brokers: [
        {
          mgrAccount: [
            { accountNumber: 'FCM-0', username: 'plain-user' },
            { accountNumber: 'FCM-1', password: 'mgr-password-1' },
          ],
        },
      ],
      managerSoftware: [
        { name: 'Plain', apiKeys: {} },
        { password: 'software-password-1', apiKeys: { main: 'api-key-value-1' } },
      ],
      payoutKeys: { secret: 'payout-secret-1' },
      stripeKeys: { secret: 'stripe-secret-1' },
      serverKeys: { secret: 'server-secret-1', nested: { deeper: ['server-secret-1'] } },
    });
    expect(body.data.brokers[0].mgrAccount[0]).not.toHaveProperty('password');
    expect(body.data).not.toHaveProperty('sealedSecrets');
  });

  it('keeps secrets sealed on update, with a fresh envelope', async () => {
    await call('create', { body: firmBody('sealed-2') });
    const before = JSON.parse(await rawItem('sealed-2')).sealedSecrets;

    const body = { ...firmBody('sealed-2'), stripeKeys: { secret: 'stripe-secret-2' } };
    expect((await call('update', { pathParameters: { id: 'sealed-2' }, body })).status).toBe(200);

    const stored = await rawItem('sealed-2');
    expect(stored).not.toContain('stripe-secret-2');
    expect(JSON.parse(stored).sealedSecrets).not.toEqual(before);
    const read = await call('get', { pathParameters: { id: 'sealed-2' } });
    expect(read.body.data.stripeKeys).toEqual({ secret: 'stripe-secret-2' });
  });

  it('reads a firm stored in plaintext by an earlier version, and seals it on the next write', async () => {
    const legacy = {
      ...firmBody('legacy-1'),
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...firmKeys.profile('legacy-1'),
      GSI1PK: 'FIRMS#active',
      GSI1SK: 'firm legacy-1#legacy-1',
      searchName: 'firm legacy-1',
    };
    await new DynamoDBClient({}).send(
      new PutItemCommand({
        TableName: process.env.TABLE_NAME,
        Item: marshall(legacy, { removeUndefinedValues: true }),
      }),
    );

    const read = await call('get', { pathParameters: { id: 'legacy-1' } });
    const list = await call('list');
    expect(read.status).toBe(200);
    expect(read.body.data.stripeKeys).toEqual({ secret: 'stripe-secret-1' });
    expect(read.body.data.managerSoftware[1].password).toBe('software-password-1');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('stripe-secret-1');
    expect(JSON.stringify(list.body)).toContain('legacy-1');

    const { id: _id, ...rest } = read.body.data;
    const update = await call('update', {
      pathParameters: { id: 'legacy-1' },
      body: { id: 'legacy-1', ...rest, createdAt: undefined, updatedAt: undefined },
    });
    expect(update.status).toBe(200);
    const stored = await rawItem('legacy-1');
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
    const again = await call('get', { pathParameters: { id: 'legacy-1' } });
    expect(again.body.data).toMatchObject({
      createdAt: '2026-01-01T00:00:00.000Z',
      stripeKeys: { secret: 'stripe-secret-1' },
      managerSoftware: [{ name: 'Plain' }, { password: 'software-password-1' }],
    });
  });

  it('never hands a secret or the envelope to the logger', async () => {
    const lines: unknown[] = [];
    for (const level of ['debug', 'info', 'warn', 'error'] as const) {
      jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
        lines.push(args);
      });
    }
    try {
      await call('create', { body: firmBody('logged-1') });
      await call('get', { pathParameters: { id: 'logged-1' } });
      await call('update', { pathParameters: { id: 'logged-1' }, body: firmBody('logged-1') });
    } finally {
      jest.restoreAllMocks();
    }
    const text = JSON.stringify(lines);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toContain('sealedSecrets');
  });
});
