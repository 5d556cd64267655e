import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../local-stack/bootstrap';
import { markSeeded, SEED_LARGE, SEED_SMALL, seedFirmWithDay, type seedStore } from './seed-30k';

/*
 * The seeded firms the growth benches read, each a table of one dynalite kept on disk
 * (`seedStore()`): 60 accounts (the browser bench's small firm, the demo firm's size), 1,000 and
 * 30,000. Written once; later runs reuse them until the shaping code changes.
 */

export const SEED_TINY = 60;
export const SEEDED_TABLES = {
  tiny: 'bench-lists-60',
  small: 'bench-lists-1k',
  large: 'bench-lists-30k',
} as const;

/**
 * Seeds the three firms into the dynalite of `AWS_ENDPOINT_URL_DYNAMODB` unless `store` holds them
 * already; leaves `TABLE_NAME` at the large firm.
 */
export async function ensureSeededFirms(store: ReturnType<typeof seedStore>): Promise<void> {
  if (store.ready) {
    console.error(`reusing the seeded firms of ${store.path}`);
    process.env.TABLE_NAME = SEEDED_TABLES.large;
    return;
  }
  const client = new DynamoDBClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB });
  const all = performance.now();
  for (const [table, accounts] of [
    [SEEDED_TABLES.tiny, SEED_TINY],
    [SEEDED_TABLES.small, SEED_SMALL],
    [SEEDED_TABLES.large, SEED_LARGE],
  ] as const) {
    const started = performance.now();
    await ensureTable(client, table);
    process.env.TABLE_NAME = table;
    await seedFirmWithDay(accounts);
    console.error(
      `seeded ${accounts} accounts, their traders, a day and the kept aggregates in ${table} in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  console.error(`seeded in ${((performance.now() - all) / 1000).toFixed(1)} s`);
  markSeeded(store.path);
}
