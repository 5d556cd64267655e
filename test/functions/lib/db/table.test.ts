import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import {
  countQuery,
  deleteExisting,
  getItem,
  getItems,
  putExisting,
  putNew,
  queryAll,
  queryPage,
} from '../../../../functions/lib/db/table';
import { ConflictError, NotFoundError } from '../../../../functions/lib/errors';
import { useFreshTable } from '../../../support/fresh-table';

const rows = Array.from({ length: 130 }, (_, index) => ({
  PK: 'T',
  SK: `R#${String(index).padStart(4, '0')}`,
  even: index % 2 === 0,
}));
const partition = { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'T' } };

describe('table helpers against dynalite', () => {
  useFreshTable();
  beforeAll(() => batchPutAll(rows));

  it('pages through a partition with cursors, in key order, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await queryPage(partition, 50, cursor);
      seen.push(...page.items.map((item) => String(item.SK)));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);

    expect(pages).toBe(3);
    expect(seen).toEqual(rows.map((row) => row.SK));
  });

  it('fills a filtered page across reads, since Limit applies before the filter', async () => {
    const filtered = {
      ...partition,
      FilterExpression: 'even = :yes',
      ExpressionAttributeValues: { ':pk': 'T', ':yes': true },
    };

    const first = await queryPage(filtered, 40);
    const rest = await queryPage(filtered, 40, first.nextCursor);

    expect(first.items).toHaveLength(40);
    expect(first.items.every((item) => item.even === true)).toBe(true);
    expect(rest.items).toHaveLength(25);
    expect(rest.nextCursor).toBeUndefined();
  });

  it('counts matches without reading items, and reads a whole partition', async () => {
    await expect(countQuery(partition)).resolves.toBe(130);
    await expect(queryAll(partition)).resolves.toHaveLength(130);
  });

  it('gets more than one BatchGet worth of keys', async () => {
    const found = await getItems(rows.map(({ PK, SK }) => ({ PK, SK })));

    expect(found).toHaveLength(130);
  });

  it('refuses to create twice, to replace or delete what is missing', async () => {
    await putNew({ PK: 'X', SK: '1', v: 1 }, 'exists');

    await expect(putNew({ PK: 'X', SK: '1', v: 2 }, 'exists')).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(putExisting({ PK: 'X', SK: '2' }, 'missing')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(deleteExisting({ PK: 'X', SK: '2' }, 'missing')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await putExisting({ PK: 'X', SK: '1', v: 3 }, 'missing');
    await expect(getItem({ PK: 'X', SK: '1' })).resolves.toEqual({ PK: 'X', SK: '1', v: 3 });
    await deleteExisting({ PK: 'X', SK: '1' }, 'missing');
    await expect(getItem({ PK: 'X', SK: '1' })).resolves.toBeUndefined();
  });
});

describe('a cursor from another query', () => {
  useFreshTable();

  it('is refused as a 400 naming the cursor, not a 500', async () => {
    await batchPutAll([{ PK: 'A', SK: '1' }]);
    const foreign = Buffer.from(JSON.stringify({ PK: 'OTHER', SK: 'x' })).toString('base64url');

    await expect(
      queryPage(
        { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'A' } },
        10,
        foreign,
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'cursor', message: 'The cursor is not valid' }],
    });
  });
});
