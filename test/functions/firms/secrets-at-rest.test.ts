import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { marshall } from '@aws-sdk/util-dynamodb';
import { handler } from '../../../functions/firms/handler';
import { firmKeys } from '../../../functions/lib/db/keys';
import { logger } from '../../../functions/lib/logger';
import { firmBody, FIRM_SECRETS } from '../../support/firms';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, routeCaller } from '../../support/http-events';

/*
 * Firm secrets are encrypted at rest (envelope encryption in the firm repository, here
 * with the test services' local key against dynalite). The item as DynamoDB holds it carries no
 * secret; staff still read every secret through the API.
 */

const routes = {
  get: { method: 'GET', path: '/api/firms/{id}' },
  list: { method: 'GET', path: '/api/firms' },
  create: { method: 'POST', path: '/api/firms' },
  update: { method: 'PUT', path: '/api/firms/{id}' },
} as const;

const call = routeCaller(handler, routes, claimsFor('admin'));

/**
 * The firm form's firm with every kind of secret, and beside them a management account and software
 * that hold none.
 */
function firmWithPlainEntries(id: string) {
  const firm = firmBody({ id, name: `Firm ${id}` });
  const [broker] = firm.brokers;
  return {
    ...firm,
    brokers: [
      {
        ...broker,
        mgrAccount: [{ accountNumber: 'FCM-0', username: 'plain-user' }, ...broker!.mgrAccount],
      },
    ],
    managerSoftware: [{ name: 'Plain' }, ...firm.managerSoftware],
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
    expect((await call('create', { body: firmWithPlainEntries('sealed-1') })).status).toBe(201);

    const stored = await rawItem('sealed-1');
    for (const secret of FIRM_SECRETS) expect(stored).not.toContain(secret);
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
    await call('create', { body: firmWithPlainEntries('sealed-2') });
    const before = JSON.parse(await rawItem('sealed-2')).sealedSecrets;

    const body = { ...firmWithPlainEntries('sealed-2'), stripeKeys: { secret: 'stripe-secret-2' } };
    expect((await call('update', { pathParameters: { id: 'sealed-2' }, body })).status).toBe(200);

    const stored = await rawItem('sealed-2');
    expect(stored).not.toContain('stripe-secret-2');
    expect(JSON.parse(stored).sealedSecrets).not.toEqual(before);
    const read = await call('get', { pathParameters: { id: 'sealed-2' } });
    expect(read.body.data.stripeKeys).toEqual({ secret: 'stripe-secret-2' });
  });

  it('reads a firm stored in plaintext by an earlier version, and seals it on the next write', async () => {
    const legacy = {
      ...firmWithPlainEntries('legacy-1'),
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
    for (const secret of FIRM_SECRETS) expect(stored).not.toContain(secret);
    const again = await call('get', { pathParameters: { id: 'legacy-1' } });
    expect(again.body.data).toMatchObject({
      createdAt: '2026-01-01T00:00:00.000Z',
      stripeKeys: { secret: 'stripe-secret-1' },
      managerSoftware: [{ name: 'Plain' }, { password: 'software-password-1' }],
    });
  });

  it('still opens and lists a firm stored with a javascript: URL by an earlier version, without that URL', async () => {
    const legacy = {
      ...firmWithPlainEntries('legacy-url'),
      website: 'javascript:alert(document.cookie)',
      brokers: [
        {
          name: 'Rithmic',
          website: 'https://broker.example',
          mgrAccount: [{ accountType: 'FCM', url: 'data:text/html,<script>alert(1)</script>' }],
        },
      ],
      managerSoftware: [{ name: 'Plain', serverUrl: 'vbscript:msgbox(1)', apiKeys: {} }],
      status: 'active',
      ...firmKeys.profile('legacy-url'),
      GSI1PK: 'FIRMS#active',
      GSI1SK: 'firm legacy-url#legacy-url',
      searchName: 'firm legacy-url',
    };
    await new DynamoDBClient({}).send(
      new PutItemCommand({
        TableName: process.env.TABLE_NAME,
        Item: marshall(legacy, { removeUndefinedValues: true }),
      }),
    );
    const warnings: unknown[] = [];
    jest.spyOn(logger, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args);
    });

    const read = await call('get', { pathParameters: { id: 'legacy-url' } });
    const list = await call('list');
    jest.restoreAllMocks();

    expect(read.status).toBe(200);
    expect(read.body.data).not.toHaveProperty('website');
    expect(read.body.data.brokers[0].website).toBe('https://broker.example');
    expect(read.body.data.brokers[0].mgrAccount[0]).not.toHaveProperty('url');
    expect(read.body.data.managerSoftware[0]).not.toHaveProperty('serverUrl');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(/javascript:|data:text|vbscript:/);
    expect(JSON.stringify(warnings)).toContain('brokers.0.mgrAccount.0.url');
    expect(JSON.stringify(warnings)).not.toContain('javascript:');
  });

  it('never hands a secret or the envelope to the logger', async () => {
    const lines: unknown[] = [];
    for (const level of ['debug', 'info', 'warn', 'error'] as const) {
      jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
        lines.push(args);
      });
    }
    try {
      await call('create', { body: firmWithPlainEntries('logged-1') });
      await call('get', { pathParameters: { id: 'logged-1' } });
      await call('update', {
        pathParameters: { id: 'logged-1' },
        body: firmWithPlainEntries('logged-1'),
      });
    } finally {
      jest.restoreAllMocks();
    }
    const text = JSON.stringify(lines);
    for (const secret of FIRM_SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toContain('sealedSecrets');
  });

  describe('with a KMS key (as in AWS), the same repository code', () => {
    const KEY_ARN = 'arn:aws:kms:eu-west-1:111122223333:key/firm-secrets';
    const kms = mockClient(KMSClient);
    /** A stand-in for the KMS key: wraps data keys with its own AES key and checks the context. */
    const master = randomBytes(32);
    const wrap = (plaintext: Buffer, context: object) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', master, iv);
      cipher.setAAD(Buffer.from(JSON.stringify(context)));
      return Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    };
    const unwrap = (blob: Buffer, context: object) => {
      const decipher = createDecipheriv('aes-256-gcm', master, blob.subarray(0, 12));
      decipher.setAAD(Buffer.from(JSON.stringify(context)));
      decipher.setAuthTag(blob.subarray(blob.length - 16));
      return Buffer.concat([
        decipher.update(blob.subarray(12, blob.length - 16)),
        decipher.final(),
      ]);
    };

    beforeAll(() => {
      process.env.FIRM_SECRETS_KEY_ID = KEY_ARN;
      kms.on(GenerateDataKeyCommand).callsFake((input) => {
        const plaintext = randomBytes(32);
        return {
          KeyId: input.KeyId,
          Plaintext: new Uint8Array(plaintext),
          CiphertextBlob: new Uint8Array(wrap(plaintext, input.EncryptionContext)),
        };
      });
      kms.on(DecryptCommand).callsFake((input) => ({
        KeyId: input.KeyId,
        Plaintext: new Uint8Array(
          unwrap(Buffer.from(input.CiphertextBlob), input.EncryptionContext),
        ),
      }));
    });
    afterAll(() => {
      delete process.env.FIRM_SECRETS_KEY_ID;
      kms.restore();
    });

    it('seals through GenerateDataKey and opens through Decrypt, with the firm as context', async () => {
      expect((await call('create', { body: firmWithPlainEntries('kms-1') })).status).toBe(201);

      const stored = await rawItem('kms-1');
      for (const secret of FIRM_SECRETS) expect(stored).not.toContain(secret);
      expect(JSON.parse(stored).sealedSecrets.M.kek).toEqual({ S: 'kms' });
      const read = await call('get', { pathParameters: { id: 'kms-1' } });
      const list = await call('list');
      expect(read.body.data.serverKeys).toEqual({
        secret: 'server-secret-1',
        nested: { deeper: ['server-secret-1'] },
      });
      expect(list.status).toBe(200);
      const generated = kms.commandCalls(GenerateDataKeyCommand);
      const decrypted = kms.commandCalls(DecryptCommand);
      expect(generated.map((entry) => entry.args[0].input)).toEqual([
        { KeyId: KEY_ARN, KeySpec: 'AES_256', EncryptionContext: { firmId: 'kms-1' } },
      ]);
      // The list opened nothing: one Decrypt, the single-firm read's.
      expect(decrypted.map((entry) => entry.args[0].input.EncryptionContext)).toEqual([
        { firmId: 'kms-1' },
      ]);
    });
  });
});
