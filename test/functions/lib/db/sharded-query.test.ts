import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import { gsi1ShardOf, gsi1ShardsOf, GSI1_WRITE_SHARDS } from '../../../../functions/lib/db/keys';
import {
  countSharded,
  queryShardedAll,
  queryShardedPage,
} from '../../../../functions/lib/db/sharded-query';
import { ValidationError } from '../../../../functions/lib/errors';
import { useFreshTable } from '../../../support/fresh-table';

const DATE = '20260310';
const accounts = Array.from({ length: 90 }, (_, index) => `ACC-${String(index).padStart(3, '0')}`);
// Rows of no entity (a sharded date partition as keys.ts writes them), so no write hook parses them.
const dateKey = (date: string) => `MERGETEST#${date}`;
const rows = accounts.map((accountId, index) => ({
  PK: `ACCOUNT#${accountId}`,
  SK: `MERGETEST#${DATE}`,
  GSI1PK: `${dateKey(DATE)}#${gsi1ShardOf(accountId)}`,
  GSI1SK: `ACCOUNT#${accountId}`,
  Account: accountId,
  odd: index % 2 === 1,
}));
const partitions = gsi1ShardsOf(dateKey(DATE));
const query = { KeyConditionExpression: 'GSI1PK = :pk' };

describe('the S-way merge of a write-sharded GSI1 date (dynalite)', () => {
  useFreshTable();
  beforeAll(() => batchPutAll(rows));

  it('spreads a date over S partitions by the account hash', () => {
    expect(partitions).toHaveLength(GSI1_WRITE_SHARDS);
    expect(new Set(rows.map((row) => row.GSI1PK)).size).toBeGreaterThan(GSI1_WRITE_SHARDS / 2);
    expect(partitions).toContain(rows[0]?.GSI1PK);
  });

  it('reads the whole date in account order, as one partition answered', async () => {
    const items = await queryShardedAll(partitions, query);
    expect(items.map((item) => item.Account)).toEqual(accounts);
    const reversed = await queryShardedAll(partitions, { ...query, ScanIndexForward: false });
    expect(reversed.map((item) => item.Account)).toEqual([...accounts].reverse());
    await expect(countSharded(partitions, query)).resolves.toBe(90);
  });

  it('keeps a projection and drops the keys it added for the merge', async () => {
    const [first] = await queryShardedAll(partitions, {
      ...query,
      ProjectionExpression: '#a',
      ExpressionAttributeNames: { '#a': 'Account' },
    });
    expect(first).toEqual({ Account: 'ACC-000' });
  });

  it.each([7, 25, 200])(
    'pages through the merge in key order with a composite cursor (%i a page)',
    async (limit) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await queryShardedPage(partitions, query, limit, cursor);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((item) => String(item.Account)));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 100);
      expect(seen).toEqual(accounts);
      expect(pages).toBe(Math.max(1, Math.ceil(accounts.length / limit)));
    },
  );

  it('pages a filtered merge without gaps or repeats', async () => {
    const filtered = {
      ...query,
      FilterExpression: 'odd = :odd',
      ExpressionAttributeValues: { ':odd': true },
    };
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryShardedPage(partitions, filtered, 10, cursor);
      seen.push(...page.items.map((item) => String(item.Account)));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(accounts.filter((_, index) => index % 2 === 1));
  });

  it("refuses another query's cursor or a forged one with the cursor named", async () => {
    const page = await queryShardedPage(partitions, query, 5);
    const other = gsi1ShardsOf(dateKey('20260311'));
    await expect(queryShardedPage(other, query, 5, page.nextCursor)).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(queryShardedPage(partitions, query, 5, 'not-a-cursor')).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});
