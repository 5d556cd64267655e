import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoDocumentClient } from '../../../../functions/lib/aws/dynamodb';
import { BatchWriter } from '../../../../functions/lib/db/batch-writer';
import { DYNAMO_MAX_ATTEMPTS, dynamoClientConfig } from '../../../../functions/lib/db/client';
import {
  deleteExisting,
  getItems,
  putExisting,
  putItem,
  putNew,
} from '../../../../functions/lib/db/table';

/*
 * Throttling and partial batches on every write path. Every table call goes through the one
 * document client of functions/lib/db/client.ts; here that client talks to a stand-in DynamoDB that
 * refuses each operation's first calls with ProvisionedThroughputExceededException and answers the
 * first BatchWriteItem that gets through with half its items unprocessed. Every write must land.
 */

/** Each operation's first call is refused (the SDK's throttling backoff starts near half a second). */
const THROTTLED_CALLS = 1;
const TABLE = 'retries';

interface Received {
  operation: string;
  body: Record<string, any>;
  status: number;
}

const throttle = JSON.stringify({
  __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
  message: 'The level of configured provisioned throughput for the table was exceeded.',
});

let server: Server;
const received: Received[] = [];
const callsOf = (operation: string) => received.filter((call) => call.operation === operation);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

/** What the stand-in answers when it does not throttle. */
function answer(operation: string, body: Record<string, any>): Record<string, unknown> {
  if (operation === 'BatchWriteItem') {
    const requests = body.RequestItems[TABLE] as unknown[];
    const firstThrough = callsOf('BatchWriteItem').filter((call) => call.status === 200).length;
    // The first batch that gets through leaves its second half for the caller to send again.
    return firstThrough === 0 && requests.length > 1
      ? { UnprocessedItems: { [TABLE]: requests.slice(Math.ceil(requests.length / 2)) } }
      : { UnprocessedItems: {} };
  }
  return {};
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const operation = String(request.headers['x-amz-target']).split('.').pop()!;
      const body = JSON.parse(text) as Record<string, any>;
      const throttled = callsOf(operation).length < THROTTLED_CALLS;
      const status = throttled ? 400 : 200;
      const reply = throttled ? throttle : JSON.stringify(answer(operation, body));
      received.push({ operation, body, status });
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The shared client is created on first use, after this points it at the stand-in.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.TABLE_NAME = TABLE;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received.length = 0;
});

describe('the table client retries throttling on every write path', () => {
  it('is configured with the SDK standard retry mode and room for several throttles', () => {
    expect(dynamoClientConfig()).toMatchObject({ retryMode: 'standard' });
    expect(DYNAMO_MAX_ATTEMPTS).toBeGreaterThan(THROTTLED_CALLS + 1);
  });

  it.each([
    ['PutItem', () => putItem({ PK: 'A', SK: 'B', n: 1 })],
    ['PutItem', () => putNew({ PK: 'A', SK: 'C' }, 'exists')],
    ['PutItem', () => putExisting({ PK: 'A', SK: 'C' }, 'missing')],
    ['DeleteItem', () => deleteExisting({ PK: 'A', SK: 'C' }, 'missing')],
  ])('%s succeeds after being throttled', async (operation, write) => {
    await write();

    const calls = callsOf(operation);
    expect(calls.map((call) => call.status)).toEqual([400, 200]);
    // The retries repeat the same request.
    expect(new Set(calls.map((call) => JSON.stringify(call.body))).size).toBe(1);
  });

  it('BatchWriter writes every item through throttles and UnprocessedItems', async () => {
    const items = Array.from({ length: 10 }, (_, n) => ({ PK: 'P', SK: `S#${n}`, n }));
    const writer = new BatchWriter({ sleep: () => Promise.resolve() });
    for (const item of items) await writer.put(item);
    await writer.flush();

    expect(writer.writtenCount).toBe(10);
    const calls = callsOf('BatchWriteItem');
    expect(calls.map((call) => call.status)).toEqual([400, 200, 200]);
    const landed = calls
      .filter((call) => call.status === 200)
      .map((call) => call.body.RequestItems[TABLE].length);
    expect(landed).toEqual([10, 5]);
    const sent = calls
      .slice(THROTTLED_CALLS)
      .flatMap((call) => call.body.RequestItems[TABLE])
      .map((request: any) => request.PutRequest.Item.SK.S);
    expect(new Set(sent)).toEqual(new Set(items.map((item) => item.SK)));
  });
});

describe('partial batches on the shared client (aws-sdk-client-mock)', () => {
  let mock: ReturnType<typeof mockClient>;

  beforeAll(() => {
    mock = mockClient(dynamoDocumentClient());
  });
  afterAll(() => mock.restore());
  beforeEach(() => mock.reset());

  it('BatchWriter with its defaults (the sync and audit writes) retries a refused batch and UnprocessedItems', async () => {
    const refused = new Error('Rate exceeded');
    refused.name = 'ProvisionedThroughputExceededException';
    const items = Array.from({ length: 30 }, (_, n) => ({ PK: 'P', SK: `S#${n}` }));
    mock
      .on(BatchWriteCommand)
      .rejectsOnce(refused)
      .resolvesOnce({
        UnprocessedItems: { [TABLE]: items.slice(0, 4).map((Item) => ({ PutRequest: { Item } })) },
      })
      .resolves({ UnprocessedItems: {} });

    const writer = new BatchWriter({ concurrency: 1, sleep: () => Promise.resolve() });
    for (const item of items) await writer.put(item);
    await writer.flush();

    expect(writer.writtenCount).toBe(30);
    expect(
      mock.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.[TABLE]),
    ).toHaveLength(4);
  });

  it('getItems asks again for UnprocessedKeys until every key is read', async () => {
    const first = { PK: 'P', SK: '1' };
    const second = { PK: 'P', SK: '2' };
    const keys = [first, second];
    mock
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [TABLE]: [{ ...first, n: 1 }] },
        UnprocessedKeys: { [TABLE]: { Keys: [second] } },
      })
      .resolves({ Responses: { [TABLE]: [{ ...second, n: 2 }] } });

    const found = await getItems(keys);

    expect(found.map((item) => item.n)).toEqual([1, 2]);
    expect(mock.commandCalls(BatchGetCommand)[1]!.args[0].input.RequestItems).toEqual({
      [TABLE]: { Keys: [second] },
    });
  });
});
