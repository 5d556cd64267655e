import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { handler as auth } from '../../functions/auth/handler';
import { authTableItems } from '../../infra/resource-permissions';
import { routes, type RouteDefinition } from '@shared/api/routes';
import { useFreshTable } from '../support/fresh-table';
import { claimsFor, httpEvent, invoke } from '../support/http-events';
import { TEST_PASSWORD } from '../support/test-services';

/*
 * The auth function's IAM grant names the items it may touch by partition key
 * (`authTableItems`, infra/resource-permissions.ts). IAM is not enforced locally, so this runs every
 * auth route against the real table and checks that each key the function read or wrote matches the
 * grant: a new item the function touches (a lock keyed otherwise, a record of its own) fails here
 * rather than as AccessDenied in AWS.
 */

useFreshTable();

const route = (method: string, path: string) =>
  routes.find((entry) => entry.method === method && entry.path === path) as RouteDefinition;

interface Access {
  command: string;
  write: boolean;
  partitionKeys: string[];
  index?: string;
}

const WRITES = /Put|Update|Delete|Write/;

/** A partition key as the document client or the low-level client writes it. */
function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const attribute = value as { S?: string } | undefined;
  return attribute?.S;
}

/** Every partition key (`PK`) a command names, whatever its shape. */
function partitionKeysOf(input: Record<string, unknown>): string[] {
  const keys: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [name, value] of Object.entries(node)) {
      if (name === 'PK' && stringOf(value) !== undefined) keys.push(stringOf(value)!);
      else if (name !== 'ExpressionAttributeValues') visit(value);
    }
  };
  visit(input);
  // A Query names its partition in the key condition: `PK = :x` (or `GSI1PK = :x` on the index).
  const condition = /\b(?:GSI1)?PK = (:\w+)/.exec(String(input.KeyConditionExpression ?? ''));
  if (condition) {
    const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
    const text = stringOf(values[condition[1] as string]);
    if (text !== undefined) keys.push(text);
  }
  return keys;
}

const accesses: Access[] = [];
function record(this: unknown, command: { input: Record<string, unknown> }) {
  const name = command.constructor.name;
  accesses.push({
    command: name,
    write: WRITES.test(name),
    partitionKeys: partitionKeysOf(command.input),
    index: command.input.IndexName as string | undefined,
  });
}

beforeAll(() => {
  for (const client of [DynamoDBDocumentClient.prototype, DynamoDBClient.prototype]) {
    const original = client.send as (...args: unknown[]) => unknown;
    jest.spyOn(client, 'send').mockImplementation(function (this: unknown, ...args: unknown[]) {
      record.call(this, args[0] as { input: Record<string, unknown> });
      return original.apply(this, args);
    } as never);
  }
});
afterAll(() => jest.restoreAllMocks());

const matches = (patterns: readonly string[], key: string) =>
  patterns.some((pattern) =>
    new RegExp(
      `^${pattern
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(key),
  );

describe("the auth function's table access", () => {
  it('stays within the items its IAM grant names, on every route', async () => {
    const staff = await invoke(
      auth,
      httpEvent(route('POST', '/api/auth/admin'), {
        body: { email: 'admin@example.com', password: TEST_PASSWORD },
      }),
    );
    // Enough failures to lock the login, and a try while it is locked.
    for (let attempt = 0; attempt < 7; attempt += 1) {
      await invoke(
        auth,
        httpEvent(route('POST', '/api/auth/admin'), {
          body: { email: 'locked-out@example.com', password: `wrong-${attempt}` },
        }),
      );
    }
    const trader = await invoke(
      auth,
      httpEvent(route('POST', '/api/auth/trader'), {
        body: { login: 'trader', password: TEST_PASSWORD },
      }),
    );
    await invoke(
      auth,
      httpEvent(route('POST', '/api/auth/trader'), {
        body: { login: 'trader', password: 'not-the-password' },
      }),
    );
    await invoke(
      auth,
      httpEvent(route('POST', '/api/auth/refresh'), {
        body: { refreshToken: staff.body.refreshToken },
      }),
    );
    const claims = Object.fromEntries(
      Object.entries(decodeJwt(trader.body.token as string)).map(([name, value]) => [
        name,
        Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
      ]),
    );
    await invoke(auth, httpEvent(route('GET', '/api/auth/status'), { claims }));
    // Staff list the locked logins and clear one (the lock the failures above set).
    const locks = await invoke(
      auth,
      httpEvent(route('GET', '/api/auth/locks'), { claims: claimsFor('admin') }),
    );
    const lockId = (locks.body.locks as { lockId: string }[])[0]?.lockId as string;
    const cleared = await invoke(
      auth,
      httpEvent(route('DELETE', '/api/auth/locks/{lockId}'), {
        claims: claimsFor('admin'),
        pathParameters: { lockId },
      }),
    );
    await invoke(
      auth,
      httpEvent(route('POST', '/api/auth/logout'), {
        body: { refreshToken: staff.body.refreshToken },
      }),
    );

    expect(staff.status).toBe(200);
    expect(trader.status).toBe(200);
    expect(lockId).toBeDefined();
    expect(cleared.status).toBeLessThan(300);
    // The flows above did reach the table: reads and writes of the attempts, the trader record.
    expect(accesses.some((access) => access.write)).toBe(true);
    expect(accesses.flatMap((access) => access.partitionKeys)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^LOGIN#/), 'TRADER#TR000001']),
    );
    for (const access of accesses) {
      // The one index it may query is GSI1, by the partitions `gsi1` names, read only.
      const allowed = access.index
        ? access.write || access.index !== 'GSI1'
          ? []
          : (authTableItems.gsi1 ?? [])
        : access.write
          ? authTableItems.write
          : authTableItems.read;
      expect({
        ...access,
        outside: access.partitionKeys.filter((key) => !matches(allowed, key)),
      }).toMatchObject({ outside: [] });
      expect(access.partitionKeys.length).toBeGreaterThan(0);
    }
  });
});
