import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
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
}

/**
 * The time limit of a seed. It only guards against a hang, as testTimeout does: a loaded machine must
 * not fail a seed that would pass on an idle one (a 240 s limit was once passed in CI by a sync that
 * takes about a minute alone). No seed needs more: heavy seeds stay at about 1,200 counted rows.
 */
export const SEED_HANG_GUARD_MS = 600_000;

/** A new, empty table, named in `TABLE_NAME`; answers its name. */
export async function createTable(): Promise<string> {
  const name = `test-${randomUUID()}`;
  process.env.TABLE_NAME = name;
  await ensureTable(new DynamoDBClient({}), name);
  return name;
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
  const { perTest = false, seed } = options;
  if (!perTest) {
    beforeAll(async () => {
      await createTable();
      await seed?.();
    }, SEED_HANG_GUARD_MS);
    return;
  }
  let seeded: Item[] = [];
  if (seed) {
    beforeAll(async () => {
      await createTable();
      await seed();
      seeded = await scanAll();
    }, SEED_HANG_GUARD_MS);
  }
  beforeEach(async () => {
    await createTable();
    if (seeded.length) await batchPutAll(seeded);
  });
}
