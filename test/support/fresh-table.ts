import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../scripts/local-stack/bootstrap';

/**
 * Gives the calling test file a table of its own in the shared in-memory dynalite, so files running in
 * parallel never see each other's items.
 */
export function useFreshTable(): void {
  beforeAll(async () => {
    process.env.TABLE_NAME = `test-${randomUUID()}`;
    await ensureTable(new DynamoDBClient({}), process.env.TABLE_NAME);
  });
}
