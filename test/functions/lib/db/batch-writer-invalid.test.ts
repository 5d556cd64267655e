import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../../functions/lib/aws/dynamodb';
import { BatchWriter } from '../../../../functions/lib/db/batch-writer';
import { useFreshTable } from '../../../support/fresh-table';

/*
 * A batch the table refuses as invalid is split until the
 * invalid item stands alone; that item is handed to its own `onRejected` and the others are written.
 */

const itemsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    PK: 'INVALID',
    SK: `S#${String(index).padStart(5, '0')}`,
    n: index,
  }));

async function storedSortKeys(): Promise<string[]> {
  const answer = await dynamoDocumentClient().send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'INVALID' },
    }),
  );
  return (answer.Items ?? []).map((item) => String(item.SK));
}

describe('BatchWriter against the table, with an item the table refuses', () => {
  useFreshTable();

  it('writes every valid item and reports each invalid one to its own callback', async () => {
    const writer = new BatchWriter();
    const rejected: { index: number; reason: string }[] = [];
    const items = itemsOf(60);
    // A sort key past DynamoDB's 1,024 bytes, twice, in different batches.
    items[7]!.SK = `S#${'x'.repeat(1_100)}`;
    items[41]!.SK = `S#${'y'.repeat(1_100)}`;
    for (const [index, item] of items.entries()) {
      await writer.put(item, (reason) => rejected.push({ index, reason }));
    }
    await writer.flush();

    expect(rejected.map((entry) => entry.index)).toEqual([7, 41]);
    expect(rejected[0]!.reason).toMatch(/^The table refused the row: .*1024 bytes/);
    const stored = await storedSortKeys();
    expect(stored).toHaveLength(58);
    expect(stored).not.toContain(items[7]!.SK);
    expect(writer.writtenCount).toBe(58);
  });

  it('fails as before when the invalid item came without a callback', async () => {
    const writer = new BatchWriter();
    await writer.put({ PK: 'INVALID', SK: `S#${'z'.repeat(1_100)}` });
    await expect(writer.flush()).rejects.toMatchObject({ name: 'ValidationException' });
  });
});
