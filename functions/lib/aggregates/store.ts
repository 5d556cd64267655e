import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { getItem, queryAll, tableName, type Item } from '../db/table';
import { decodeCursor, encodeCursor, type Page } from '../db/paging';

/*
 * The one counter mechanism of the product (docs/data-model.md "Aggregates"). A *subject* (an
 * account, say) contributes numbers to counters and rows to index lists; what it contributed last is
 * kept on its marker item, so counting it again is a difference against that marker:
 *
 * 1. the marker is replaced, conditioned on the version read, with the new contribution and the
 *    pending work (counter deltas, index puts and deletes) under a token `<subject>@<version>`;
 * 2. each counter item takes its delta with `ADD`, conditioned on the token's absence and setting it,
 *    so a retried step adds nothing twice; index items are put and deleted (idempotent by nature);
 * 3. the marker's pending work is cleared; then the tokens are removed from the counter items.
 *
 * A crash anywhere leaves the pending work on the marker and the next count finishes it first; a
 * count with nothing changed (a retry, a re-run of the same night, a re-judge to the same status)
 * reads the marker and writes nothing. DynamoDB's TransactWriteItems would do steps 1-2 at once but
 * the embedded DynamoDB the tests and the local stack run on has no transactions; this needs only
 * conditional single-item writes. Counters are split over a few shard items by subject, so nightly
 * writes do not queue on one item; a read sums the shards (a Query of one partition: O(shards)).
 */

/** Counter items per scope: a read is one Query of this many small items. */
export const COUNTER_SHARDS = 8;

/** Counters of one scope: field → number (a missing field is 0). */
export type Counts = Record<string, number>;

/** A row of an index list: where it sorts in the list and what a page shows of it. */
export interface IndexEntry {
  list: string;
  /** Sort key within the list (unique per subject within a list). */
  sk: string;
  row: Record<string, unknown>;
}

/** What a subject contributes: counters by scope, and rows of index lists. */
export interface Contribution {
  counters: Record<string, Counts>;
  index: IndexEntry[];
}

interface IndexRef {
  list: string;
  sk: string;
  digest: string;
}

interface Pending {
  token: string;
  deltas: Record<string, Counts>;
  puts: IndexEntry[];
  deletes: { list: string; sk: string }[];
}

interface Marker {
  version: number;
  counters: Record<string, Counts>;
  index: IndexRef[];
  pending?: Pending;
}

const FIELD_PREFIX = 'n:';
const TOKEN_PREFIX = 't:';

export const aggregateKeys = {
  /** The marker of what a subject was last counted as. */
  marker: (kind: string, id: string) => ({ PK: `AGGSUBJECT#${kind}#${id}`, SK: 'COUNTED' }),
  counterPartition: (scope: string) => `AGG#${scope}`,
  counter: (scope: string, shard: number) => ({ PK: `AGG#${scope}`, SK: `SHARD#${shard}` }),
  indexPartition: (list: string) => `AGGINDEX#${list}`,
  indexItem: (list: string, sk: string) => ({ PK: `AGGINDEX#${list}`, SK: sk }),
} as const;

/** The stored item of an index list's row (`subject`: whose row it is). */
export function indexItemOf(entry: IndexEntry, subject: string): Item {
  return { ...aggregateKeys.indexItem(entry.list, entry.sk), subject, row: entry.row };
}

/** A counter shard item holding `counts` (for a bulk seed or a repair writing sums at once). */
export function counterItemOf(scope: string, shard: number, counts: Counts): Item {
  return {
    ...aggregateKeys.counter(scope, shard),
    ...Object.fromEntries(
      Object.entries(counts).map(([field, value]) => [`${FIELD_PREFIX}${field}`, value]),
    ),
  };
}

const digestOf = (row: unknown) =>
  createHash('sha1').update(JSON.stringify(row)).digest('base64url');

function shardOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % COUNTER_SHARDS;
}

/** `after - before` per scope and field, without the zeros. */
export function countDeltas(
  before: Record<string, Counts>,
  after: Record<string, Counts>,
): Record<string, Counts> {
  const deltas: Record<string, Counts> = {};
  for (const scope of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[scope] ?? {};
    const now = after[scope] ?? {};
    for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
      const delta = (now[field] ?? 0) - (was[field] ?? 0);
      if (delta !== 0) (deltas[scope] ??= {})[field] = delta;
    }
  }
  return deltas;
}

const isConditionFailure = (error: unknown) =>
  error instanceof ConditionalCheckFailedException ||
  (error instanceof Error && error.name === 'ConditionalCheckFailedException');

async function readMarker(kind: string, id: string): Promise<Marker | undefined> {
  const item = await getItem(aggregateKeys.marker(kind, id));
  return item ? (item.marker as Marker) : undefined;
}

/** Adds a scope's deltas to the subject's shard once per token. */
async function addOnce(scope: string, id: string, token: string, deltas: Counts): Promise<void> {
  const names: Record<string, string> = { '#token': `${TOKEN_PREFIX}${token}` };
  const values: Record<string, unknown> = { ':true': true };
  const adds = Object.entries(deltas).map(([field, delta], index) => {
    names[`#f${index}`] = `${FIELD_PREFIX}${field}`;
    values[`:d${index}`] = delta;
    return `#f${index} :d${index}`;
  });
  try {
    await dynamoDocumentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: aggregateKeys.counter(scope, shardOf(id)),
        UpdateExpression: `SET #token = :true ADD ${adds.join(', ')}`,
        ConditionExpression: 'attribute_not_exists(#token)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Added already by the attempt that left this work pending.
  }
}

async function removeToken(scope: string, id: string, token: string): Promise<void> {
  await dynamoDocumentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: aggregateKeys.counter(scope, shardOf(id)),
      UpdateExpression: 'REMOVE #token',
      ExpressionAttributeNames: { '#token': `${TOKEN_PREFIX}${token}` },
    }),
  );
}

/** Steps 2 and 3: the pending work of a marker, each step safe to repeat. */
async function finish(kind: string, id: string, version: number, pending: Pending): Promise<void> {
  const client = dynamoDocumentClient();
  // Each step is idempotent on its own, so they go at once.
  await Promise.all([
    ...Object.entries(pending.deltas).map(([scope, deltas]) =>
      addOnce(scope, id, pending.token, deltas),
    ),
    ...pending.deletes.map((entry) =>
      client.send(
        new DeleteCommand({
          TableName: tableName(),
          Key: aggregateKeys.indexItem(entry.list, entry.sk),
        }),
      ),
    ),
    ...pending.puts.map((entry) =>
      client.send(new PutCommand({ TableName: tableName(), Item: indexItemOf(entry, id) })),
    ),
  ]);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: aggregateKeys.marker(kind, id),
        UpdateExpression: 'REMOVE #marker.#pending',
        ConditionExpression: '#marker.#version = :version',
        ExpressionAttributeNames: {
          '#marker': 'marker',
          '#pending': 'pending',
          '#version': 'version',
        },
        ExpressionAttributeValues: { ':version': version },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // A newer version: it was written only after this work was finished, so the tokens may go.
  }
  // Once `pending` is cleared nothing applies these deltas again: the tokens have done their job.
  await Promise.all(
    Object.keys(pending.deltas).map((scope) => removeToken(scope, id, pending.token)),
  );
}

const ATTEMPTS = 5;

/**
 * Counts a subject as `contribution` (undefined: it no longer counts, e.g. a removed account):
 * idempotent, so calling it again with the same contribution writes nothing. Answers whether
 * anything changed.
 */
export async function countSubject(
  kind: string,
  id: string,
  contribution: Contribution | undefined,
): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const marker = await readMarker(kind, id);
    if (marker?.pending) {
      await finish(kind, id, marker.version, marker.pending);
      continue;
    }
    const next: Contribution = contribution ?? { counters: {}, index: [] };
    const refs: IndexRef[] = next.index.map((entry) => ({
      list: entry.list,
      sk: entry.sk,
      digest: digestOf(entry.row),
    }));
    const before = marker ?? { version: 0, counters: {}, index: [] };
    const deltas = countDeltas(before.counters, next.counters);
    const keyOf = (ref: { list: string; sk: string }) => `${ref.list}\u0000${ref.sk}`;
    const kept = new Map(before.index.map((ref) => [keyOf(ref), ref.digest]));
    const wanted = new Set(refs.map(keyOf));
    const puts = next.index.filter(
      (entry, index) => kept.get(keyOf(entry)) !== refs[index]!.digest,
    );
    const deletes = before.index
      .filter((ref) => !wanted.has(keyOf(ref)))
      .map(({ list, sk }) => ({ list, sk }));
    if (Object.keys(deltas).length === 0 && puts.length === 0 && deletes.length === 0) return false;
    const version = before.version + 1;
    const pending: Pending = { token: `${id}@${version}`, deltas, puts, deletes };
    try {
      await dynamoDocumentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...aggregateKeys.marker(kind, id),
            marker: { version, counters: next.counters, index: refs, pending } satisfies Marker,
          },
          ConditionExpression: marker ? '#marker.#version = :version' : 'attribute_not_exists(PK)',
          ...(marker && {
            ExpressionAttributeNames: { '#marker': 'marker', '#version': 'version' },
            ExpressionAttributeValues: { ':version': marker.version },
          }),
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      continue; // Counted meanwhile by another writer: read again.
    }
    await finish(kind, id, version, pending);
    return true;
  }
  throw new Error(`The aggregates of ${kind} ${id} kept changing while being counted`);
}

/** A scope's counters: the sum of its shard items (one Query of COUNTER_SHARDS small items). */
export async function readCounts(scope: string): Promise<Counts> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': aggregateKeys.counterPartition(scope) },
  });
  const counts: Counts = {};
  for (const item of items)
    for (const [name, value] of Object.entries(item))
      if (name.startsWith(FIELD_PREFIX) && typeof value === 'number')
        counts[name.slice(FIELD_PREFIX.length)] =
          (counts[name.slice(FIELD_PREFIX.length)] ?? 0) + value;
  return counts;
}

/** One page of an index list in its sort key order (`descending` reverses it). */
export async function readIndexPage<Row>(
  list: string,
  limit: number,
  cursor?: string,
): Promise<Page<Row>> {
  const answer = await dynamoDocumentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': aggregateKeys.indexPartition(list) },
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  const items = (answer.Items ?? []) as Item[];
  const last = answer.LastEvaluatedKey;
  return {
    items: items.map((item) => item.row as Row),
    ...(last && { nextCursor: encodeCursor(last) }),
  };
}
