import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../scripts/local-stack/bootstrap';

/**
 * Gives the calling test file (or `describe`) a table of its own in the shared in-memory dynalite, so
 * files running in parallel never see each other's items.
 *
 * `{ perTest: true }` gives every test an empty table of its own (a new table costs about 50 ms), for
 * tests that write: none then sees what another wrote, whatever order they run in (`jest --randomize`).
 * Without it, the table is shared by the tests of the block, which must then only read what the
 * block's `beforeAll` stored.
 */
export function useFreshTable(options: { perTest?: boolean } = {}): void {
  const create = async () => {
    process.env.TABLE_NAME = `test-${randomUUID()}`;
    await ensureTable(new DynamoDBClient({}), process.env.TABLE_NAME);
  };
  if (options.perTest) beforeEach(create);
  else beforeAll(create);
}
