import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../../functions/lib/aws/dynamodb';
import { demoPrograms, demoRules } from '../../../../scripts/demo-data';
import { ensureTable } from '../../../../scripts/local-stack/bootstrap';
import { seedPrograms, seedRules } from '../../../../scripts/local-stack/seed';

/*
 * Whole-table comparisons of the sync tests (crash recovery, sharded runs): a fresh table seeded with
 * the demo catalogue, and its contents in a form two runs of the same dates can be compared by.
 */

export type Item = Record<string, unknown>;

/** Keys of the rules and programs seeded into the current table, which carry the seeding's clock time. */
let seeded = new Set<string>();
const keyOf = (item: Item) => `${String(item.PK)}|${String(item.SK)}`;

/** Every item of the current table (tests may scan). */
export async function scanAll(): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Points the code at a new table named `<prefix>-<uuid>` with the demo rules and programs in it. */
export async function useNewTable(prefix: string): Promise<void> {
  process.env.TABLE_NAME = `${prefix}-${randomUUID()}`;
  await ensureTable(new DynamoDBClient({}), process.env.TABLE_NAME);
  const createdAt = '2026-01-01T00:00:00.000Z';
  await seedRules(demoRules(createdAt));
  await seedPrograms(demoPrograms(createdAt));
  seeded = new Set((await scanAll()).map(keyOf));
}

/**
 * A kept aggregate as what it counts (functions/lib/aggregates): a counter shard without its zero
 * counts (a count that went up and back down equals one never made), a marker without its version
 * (how many times the account was counted, not what it counts). Undefined: nothing is counted.
 */
function countedOnly(item: Item): Item | undefined {
  const pk = String(item.PK);
  if (pk.startsWith('AGG#')) {
    const kept = Object.entries(item).filter(
      ([name, value]) => !name.startsWith('n:') || value !== 0,
    );
    return kept.some(([name]) => name.startsWith('n:')) ? Object.fromEntries(kept) : undefined;
  }
  if (pk.startsWith('AGGSUBJECT#')) {
    const { version: _version, ...marker } = item.marker as Item;
    return { ...item, marker };
  }
  return item;
}

/**
 * The whole table but the run records (ids, clocks, shard outcomes), sorted by key; kept aggregates
 * as what they count (`countedOnly`). The seeded items
 * lose their creation and update times, which are the seeding's, not the sync's; the emitted events
 * (`EVENT#<cause>`) their id and time, which are the outbox's: one item per cause, whenever emitted.
 * `events: false` leaves the events out (a correction announces on top of what was announced).
 */
export async function tableContents(options: { events?: boolean } = {}): Promise<Item[]> {
  const isEvent = (item: Item) => String(item.PK).startsWith('EVENT#');
  return (await scanAll())
    .filter((item) => !String(item.PK).startsWith('SYNCRUN#'))
    .filter((item) => options.events !== false || !isEvent(item))
    .map(countedOnly)
    .filter((item): item is Item => item !== undefined)
    .map((item) => {
      if (isEvent(item)) {
        const { eventId: _id, occurredAt: _at, GSI1SK: _index, GSI2SK: _typeIndex, ...rest } = item;
        return rest;
      }
      if (!seeded.has(keyOf(item))) return item;
      const { createdAt: _created, updatedAt: _updated, ...rest } = item;
      return rest;
    })
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}
