import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoDocumentClient } from '../../../../functions/lib/aws/dynamodb';
import { BatchWriter, batchPutAll } from '../../../../functions/lib/db/batch-writer';
import { useFreshTable } from '../../../support/fresh-table';

const noSleep = () => Promise.resolve();
const itemsOf = (count: number, pk = 'P') =>
  Array.from({ length: count }, (_, index) => ({
    PK: pk,
    SK: `S#${String(index).padStart(5, '0')}`,
    n: index,
  }));

function throttled(): Error {
  const error = new Error('Rate exceeded');
  error.name = 'ProvisionedThroughputExceededException';
  return error;
}

describe('BatchWriter with injected failures', () => {
  const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const mock = mockClient(documentClient);
  const options = { client: documentClient, table: 'T', sleep: noSleep };

  beforeEach(() => mock.reset());

  it('sends 25-item batches', async () => {
    mock.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });

    const written = await batchPutAll(itemsOf(60), options);

    expect(written).toBe(60);
    const sizes = mock
      .commandCalls(BatchWriteCommand)
      .map((call) => call.args[0].input.RequestItems?.T?.length);
    expect(sizes.sort()).toEqual([10, 25, 25]);
  });

  it('retries UnprocessedItems until every item is written', async () => {
    const items = itemsOf(25);
    mock
      .on(BatchWriteCommand)
      .resolvesOnce({
        UnprocessedItems: { T: items.slice(0, 10).map((Item) => ({ PutRequest: { Item } })) },
      })
      .resolvesOnce({
        UnprocessedItems: { T: items.slice(0, 3).map((Item) => ({ PutRequest: { Item } })) },
      })
      .resolves({ UnprocessedItems: {} });

    const written = await batchPutAll(items, options);

    expect(written).toBe(25);
    const calls = mock
      .commandCalls(BatchWriteCommand)
      .map((call) => call.args[0].input.RequestItems?.T?.length);
    expect(calls).toEqual([25, 10, 3]);
  });

  it('retries a batch refused by throttling, with growing backoff', async () => {
    const delays: number[] = [];
    const random = jest.spyOn(Math, 'random').mockReturnValue(1);
    mock
      .on(BatchWriteCommand)
      .rejectsOnce(throttled())
      .rejectsOnce(throttled())
      .resolves({ UnprocessedItems: {} });

    const written = await batchPutAll(itemsOf(5), {
      ...options,
      baseDelayMs: 10,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    random.mockRestore();

    expect(written).toBe(5);
    expect(delays).toEqual([20, 40]);
  });

  it('gives up after maxAttempts and reports it on flush', async () => {
    mock.on(BatchWriteCommand).rejects(throttled());

    await expect(batchPutAll(itemsOf(3), { ...options, maxAttempts: 3 })).rejects.toThrow(
      'left 3 item(s) unwritten after 3 attempts',
    );
    expect(mock.commandCalls(BatchWriteCommand)).toHaveLength(3);
  });

  it('does not retry an error that is not throttling', async () => {
    const error = new Error('not allowed');
    error.name = 'AccessDeniedException';
    mock.on(BatchWriteCommand).rejects(error);

    await expect(batchPutAll(itemsOf(3), options)).rejects.toThrow('not allowed');
    expect(mock.commandCalls(BatchWriteCommand)).toHaveLength(1);
  });

  it('splits a batch refused as invalid, and fails on an invalid item put without onRejected', async () => {
    const error = new Error('bad item');
    error.name = 'ValidationException';
    mock.on(BatchWriteCommand).rejects(error);

    await expect(batchPutAll(itemsOf(3), options)).rejects.toThrow('bad item');
    // All three, then the first two, then the first alone: it has no onRejected.
    expect(
      mock
        .commandCalls(BatchWriteCommand)
        .map((call) => call.args[0].input.RequestItems!.T!.length),
    ).toEqual([3, 2, 1]);
  });

  it('keeps the last put of a key within one batch (DynamoDB refuses duplicates)', async () => {
    mock.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });

    await batchPutAll(
      [
        { PK: 'A', SK: '1', v: 1 },
        { PK: 'A', SK: '1', v: 2 },
        { PK: 'B', SK: '1', v: 3 },
      ],
      options,
    );

    const sent = mock.commandCalls(BatchWriteCommand)[0]?.args[0].input.RequestItems?.T ?? [];
    expect(sent.map((request) => request.PutRequest?.Item)).toEqual([
      { PK: 'A', SK: '1', v: 2 },
      { PK: 'B', SK: '1', v: 3 },
    ]);
  });

  it('never has more batches in flight than its concurrency', async () => {
    let inFlight = 0;
    let peak = 0;
    mock.on(BatchWriteCommand).callsFake(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      return { UnprocessedItems: {} };
    });

    await batchPutAll(itemsOf(25 * 12), { ...options, concurrency: 3 });

    expect(peak).toBe(3);
  });
});

describe('BatchWriter against dynalite', () => {
  useFreshTable();

  it('stores every item and rewriting them changes nothing', async () => {
    const items = itemsOf(1_000, 'BW');

    await batchPutAll(items);
    await batchPutAll(items);

    let count = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamoDocumentClient().send(
        new QueryCommand({
          TableName: process.env.TABLE_NAME,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': 'BW' },
          ExclusiveStartKey,
        }),
      );
      count += page.Count ?? 0;
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    expect(count).toBe(1_000);
  });

  it('reports the writer as a reusable stream: put, flush, count', async () => {
    const writer = new BatchWriter();
    for (const item of itemsOf(30, 'BW2')) await writer.put(item);
    await writer.flush();

    expect(writer.writtenCount).toBe(30);
  });
});

describe('BatchWriter ordering', () => {
  const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const mock = mockClient(documentClient);

  it('sends a later put of a key only after the batch holding its earlier put is written', async () => {
    const events: string[] = [];
    let call = 0;
    mock
      .on(BatchWriteCommand)
      .callsFake(
        async (input: {
          RequestItems: Record<string, { PutRequest: { Item: { v?: number } } }[]>;
        }) => {
          call += 1;
          const id = call;
          const version = input.RequestItems.T?.find(
            (request) => request.PutRequest.Item.v !== undefined,
          )?.PutRequest.Item.v;
          events.push(`start ${id} v${version}`);
          // The first batch answers slowly: without ordering the second would overtake it.
          await new Promise((resolve) => setTimeout(resolve, id === 1 ? 30 : 1));
          events.push(`end ${id}`);
          return { UnprocessedItems: {} };
        },
      );
    const writer = new BatchWriter({ client: documentClient, table: 'T', concurrency: 4 });
    const filler = (prefix: string) => itemsOf(24, prefix);

    await writer.put({ PK: 'K', SK: '1', v: 1 });
    for (const item of filler('A')) await writer.put(item);
    await writer.put({ PK: 'K', SK: '1', v: 2 });
    for (const item of filler('B')) await writer.put(item);
    await writer.flush();

    expect(events).toEqual(['start 1 v1', 'end 1', 'start 2 v2', 'end 2']);
  });

  it('lets batches without shared keys run side by side', async () => {
    let inFlight = 0;
    let peak = 0;
    mock.on(BatchWriteCommand).callsFake(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return { UnprocessedItems: {} };
    });

    await batchPutAll(itemsOf(100), { client: documentClient, table: 'T', concurrency: 4 });

    expect(peak).toBe(4);
  });
});
