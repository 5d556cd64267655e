import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../functions/lib/aws/dynamodb';
import { batchPutAll } from '../../functions/lib/db/batch-writer';
import type { Item } from '../../functions/lib/db/table';
import { ensureTable } from '../../scripts/local-stack/bootstrap';

export interface FreshTableOptions {
  /**
   * Every test gets a table of its own (a new table costs about 50 ms), for tests that write: none then
   * sees what another wrote, whatever order they run in (`jest --randomize`).
   */
  perTest?: boolean;
  /** Stores what every test of the block starts from (the catalogue, a synced demo firm...). */
  seed?: () => Promise<unknown>;
  /** The seed's time limit in ms, for a seed that syncs many days (a hang guard, as testTimeout). */
  timeout?: number;
}

/** A new, empty table, named in `TABLE_NAME`; answers its name. */
export async function createTable(): Promise<string> {
  const name = `test-${randomUUID()}`;
  process.env.TABLE_NAME = name;
  await ensureTable(new DynamoDBClient({}), name);
  return name;
}

/**
 * Deletes a table a test block is done with: the shared emulator keeps every table in the memory of
 * jest's main process, which the whole suite's tables together would exhaust. Best effort: a table
 * already gone is fine.
 */
export async function dropTable(name: string | undefined): Promise<void> {
  if (!name) return;
  await new DynamoDBClient({})
    .send(new DeleteTableCommand({ TableName: name }))
    .catch(() => undefined);
}

/** Every item of the current table. */
export async function scanAll(): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey: start }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Gives the calling test file (or `describe`) a table of its own in the shared in-memory dynalite, so
 * files running in parallel never see each other's items, with what `seed` stores.
 *
 * Without `perTest`, the tests of the block share the table: they may only read what `seed` (or the
 * block's `beforeAll`) stored. With `perTest`, `seed` runs once and each test starts from a copy of
 * what it stored, in a table of its own.
 */
export function useFreshTable(options: FreshTableOptions = {}): void {
  const { perTest = false, seed, timeout } = options;
  if (!perTest) {
    let table: string | undefined;
    beforeAll(async () => {
      table = await createTable();
      await seed?.();
    }, timeout);
    afterAll(() => dropTable(table));
    return;
  }
  let seeded: Item[] = [];
  let seedTable: string | undefined;
  if (seed) {
    beforeAll(async () => {
      seedTable = await createTable();
      await seed();
      seeded = await scanAll();
      await dropTable(seedTable);
    }, timeout);
  }
  let testTable: string | undefined;
  beforeEach(async () => {
    testTable = await createTable();
    if (seeded.length) await batchPutAll(seeded);
  });
  afterEach(() => dropTable(testTable));
}
