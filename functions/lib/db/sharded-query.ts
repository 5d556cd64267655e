import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ValidationError } from '../errors';
import type { Item } from './item';
import { INVALID_CURSOR, type Page } from './paging';
import { countQuery, queryAll, sendResumed, tableName, type QueryInput } from './table';

/*
 * Reading a write-sharded index partition (docs/sync-at-scale.md §3): a date's `SUMDAY#` and
 * `AUDITDATE#` items (GSI1) and `DAY#` items (GSI4) are spread over S partitions `<key>#<h>` (keys.ts
 * `gsi1ShardsOf`), so no partition takes more than 1/S of a night's writes. A reader queries the S partitions and merges
 * them in GSI1 sort key order, which is the order one unsharded partition answered in; a page's
 * cursor holds where each partition stands.
 */

/**
 * The index a sharded partition lives in: GSI1 (`SUMDAY#`, `AUDITDATE#`), GSI2 and GSI3 for the
 * daily summary rows' sorted partitions (Latest Performance by group, the firm summary by P&L), or
 * GSI4 (`DAY#`, a date's performance items with their figures only). The merge orders by its sort
 * key; an item is resumed from the table's and the index's keys.
 */
export interface ShardedIndex {
  /** Absent: the table itself (partitions of `PK`, e.g. a trader's accounts). */
  name?: 'GSI1' | 'GSI2' | 'GSI3' | 'GSI4';
  partitionKey: string;
  sortKey: string;
}

const indexOf = (name: ShardedIndex['name']): ShardedIndex => ({
  name,
  partitionKey: `${name}PK`,
  sortKey: `${name}SK`,
});
export const SHARDED_INDEXES = {
  table: { partitionKey: 'PK', sortKey: 'SK' } as ShardedIndex,
  GSI1: indexOf('GSI1'),
  GSI2: indexOf('GSI2'),
  GSI3: indexOf('GSI3'),
  GSI4: indexOf('GSI4'),
} as const;

const keysOf = (index: ShardedIndex) => [
  ...new Set(['PK', 'SK', index.partitionKey, index.sortKey]),
];

/** The query of one partition: the caller's input with `:pk` bound to it. */
export type ShardedQuery = PartitionQuery;
type PartitionQuery = Omit<QueryInput, 'KeyConditionExpression'> & {
  /** Names the partition as `:pk` (`GSI1PK = :pk`, optionally `AND <sort condition>`). */
  KeyConditionExpression: string;
};

function partitionInput(
  input: PartitionQuery,
  partition: string,
  index: ShardedIndex = SHARDED_INDEXES.GSI1,
): QueryInput {
  return {
    ...(index.name && { IndexName: index.name }),
    ...input,
    ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': partition },
  };
}

/** Adds the key attributes to a projection (the merge and the cursor need them). */
function withKeys(input: QueryInput, index: ShardedIndex): { input: QueryInput; added: string[] } {
  if (!input.ProjectionExpression) return { input, added: [] };
  const names = input.ExpressionAttributeNames ?? {};
  const projected = new Set(
    input.ProjectionExpression.split(',').map((part) => {
      const name = part.trim();
      return names[name] ?? name;
    }),
  );
  const added = keysOf(index).filter((key) => !projected.has(key));
  if (added.length === 0) return { input, added };
  return {
    input: {
      ...input,
      ProjectionExpression: [
        input.ProjectionExpression,
        ...added.map((_, index) => `#shardKey${index}`),
      ].join(', '),
      ExpressionAttributeNames: {
        ...names,
        ...Object.fromEntries(added.map((key, index) => [`#shardKey${index}`, key])),
      },
    },
    added,
  };
}

const strip = (item: Item, added: readonly string[]): Item => {
  if (added.length === 0) return item;
  const copy = { ...item };
  for (const key of added) delete copy[key];
  return copy;
};

/**
 * The index's sort key order, forward or reverse; equal sort keys (the same date in several accounts'
 * partitions) by the table key, forward either way.
 */
function comparer(forward: boolean, index: ShardedIndex) {
  const sort = index.sortKey;
  return (a: Item, b: Item): number => {
    const order = compare(String(a[sort] ?? ''), String(b[sort] ?? ''));
    return (
      (forward ? order : -order) ||
      compare(String(a.PK ?? ''), String(b.PK ?? '')) ||
      compare(String(a.SK ?? ''), String(b.SK ?? ''))
    );
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every item of the S partitions, in the order one partition would answer (GSI1 sort key). For the
 * readers that read a whole date today; each partition is read in pages as `queryAll` does.
 */
export async function queryShardedAll(
  partitions: readonly string[],
  query: PartitionQuery,
  index: ShardedIndex = SHARDED_INDEXES.GSI1,
): Promise<Item[]> {
  const { input, added } = withKeys(partitionInput(query, '', index), index);
  const lists = await Promise.all(
    partitions.map((partition) =>
      queryAll(partitionInput(input as PartitionQuery, partition, index)),
    ),
  );
  return lists
    .flat()
    .sort(comparer(query.ScanIndexForward !== false, index))
    .map((item) => strip(item, added));
}

/** Where each partition of a paged merge stands: its last item handed out, or done. */
const positionsSchema = z.record(
  z.string(),
  z.union([z.literal('done'), z.record(z.string(), z.union([z.string(), z.number()]))]),
);
type Positions = z.infer<typeof positionsSchema>;

function decodePositions(cursor: string | undefined, partitions: readonly string[]): Positions {
  if (!cursor) return {};
  try {
    const positions = positionsSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    if (Object.keys(positions).some((partition) => !partitions.includes(partition)))
      throw new Error('another query');
    return positions;
  } catch {
    throw new ValidationError(INVALID_CURSOR, [{ field: 'cursor', message: INVALID_CURSOR }]);
  }
}

const keyOf = (item: Item, index: ShardedIndex): Item =>
  Object.fromEntries(keysOf(index).map((key) => [key, item[key]]));

/**
 * One page of the S partitions merged in GSI1 sort key order, resumed from an opaque cursor that
 * holds each partition's position (the last item of it handed out). An item is handed out only while
 * every partition not at its end has an item buffered, so the page is exactly what one partition
 * would have answered; a partition's buffer is refilled (`readRows` items a query) when it runs out.
 * A filter expression may leave a query empty before its partition ends: it is queried on.
 */
export async function queryShardedPage(
  partitions: readonly string[],
  query: PartitionQuery,
  limit: number,
  cursor?: string,
  /**
   * Items each partition query reads. By default a partition's share of the page with room to spare
   * (so S partitions do not read S pages); a filtered read wants blocks, as the filter applies after.
   */
  readRows = Math.min(limit, Math.ceil((limit * 1.5) / Math.max(1, partitions.length)) + 2),
  index: ShardedIndex = SHARDED_INDEXES.GSI1,
): Promise<Page<Item>> {
  const positions = decodePositions(cursor, partitions);
  const { input, added } = withKeys(partitionInput(query, '', index), index);
  const order = comparer(query.ScanIndexForward !== false, index);
  const states = partitions.map((partition) => {
    const at = positions[partition];
    return {
      partition,
      buffer: [] as Item[],
      /** Where the next query starts; undefined: the partition's start. */
      startKey: at === 'done' ? undefined : (at as Item | undefined),
      /** No query left to make: everything the partition holds past `startKey` is buffered. */
      ended: at === 'done',
      /** Its last item handed out on this page. */
      last: at === 'done' ? undefined : (at as Item | undefined),
    };
  });
  const refill = async (state: (typeof states)[number]) => {
    while (state.buffer.length === 0 && !state.ended) {
      const answer = await sendResumed(
        new QueryCommand({
          ...partitionInput(input as PartitionQuery, state.partition, index),
          TableName: tableName(),
          ExclusiveStartKey: state.startKey,
          Limit: readRows,
        }),
      );
      state.buffer.push(...((answer.Items ?? []) as Item[]));
      state.startKey = answer.LastEvaluatedKey as Item | undefined;
      state.ended = state.startKey === undefined;
    }
  };
  const items: Item[] = [];
  await Promise.all(states.map(refill));
  while (items.length < limit) {
    let next: (typeof states)[number] | undefined;
    for (const state of states) {
      const head = state.buffer[0];
      if (head !== undefined && (!next || order(head, next.buffer[0] as Item) < 0)) next = state;
    }
    if (!next) break;
    const item = next.buffer.shift() as Item;
    next.last = keyOf(item, index);
    items.push(strip(item, added));
    if (items.length < limit) await refill(next);
  }
  const nextPositions: Positions = {};
  let more = false;
  for (const state of states) {
    if (state.buffer.length === 0 && state.ended) {
      nextPositions[state.partition] = 'done';
    } else {
      more = true;
      if (state.last) nextPositions[state.partition] = state.last as Positions[string];
    }
  }
  return {
    items,
    ...(more && {
      nextCursor: Buffer.from(JSON.stringify(nextPositions), 'utf8').toString('base64url'),
    }),
  };
}

/** How many items the S partitions hold (after the query's filter), without reading them. */
export async function countSharded(
  partitions: readonly string[],
  query: PartitionQuery,
  index: ShardedIndex = SHARDED_INDEXES.GSI1,
): Promise<number> {
  const counts = await Promise.all(
    partitions.map((partition) => countQuery(partitionInput(query, partition, index))),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
