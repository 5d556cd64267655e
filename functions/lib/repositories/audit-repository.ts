import * as z from 'zod';
import type { AuditFilters, AuditListQuery, AuditListMeta } from '@shared/audit/audit-query';
import { auditOperationSchema, type AuditOperation } from '@shared/audit/audit-operations';
import {
  auditTrailRecordSchema,
  type AuditStats,
  type AuditTrailRecord,
} from '@shared/audit/audit-trail';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { BatchWriter } from '../db/batch-writer';
import { auditKeys, withoutKeys } from '../db/keys';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../db/paging';
import {
  countSharded,
  queryShardedAll,
  queryShardedPage,
  type ShardedQuery,
} from '../db/sharded-query';
import { ValidationError } from '../errors';
import {
  countQuery,
  putItem,
  queryAll,
  queryPage,
  sendResumed,
  tableName,
  type Item,
  type QueryInput,
} from '../db/table';
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { countSubject, readCounts } from '../aggregates/store';
import { mapLimit } from '../map-limit';
import {
  ACCOUNT_SUBJECT,
  AUDIT_SCOPE,
  AuditDateStats,
  auditItemOf,
  INSTRUMENT_SUBJECT,
  keepAuditPresence,
  PRESENCE_CONCURRENCY,
  type DateStats,
} from './audit-items';

/**
 * The order audit trail (docs/data-model.md "Audit trail paging"). Rows are keyed by their natural key
 * in the account's partition and placed by time in their date's GSI1 partition; a stats item per date
 * keeps the counts that let page N be found without reading the rows before it.
 */

/** A date's stats head as stored (`dateStatsItems` of audit-items.ts writes it). */
const storedDateStatsSchema = z.object({
  date: z.string(),
  total: z.number().int().min(0),
  actions: z.record(z.string(), z.number().int().min(0)),
  /** The distinct accounts themselves: only on items written before they moved to pages. */
  accounts: z.array(z.string()).optional(),
  /** Distinct accounts and the pages holding them (absent on items of the shape above). */
  accountCount: z.number().int().min(0).optional(),
  accountPages: z.number().int().min(0).optional(),
  instruments: z.array(z.string()),
  /** Rows per instrument; absent on items written before it existed (then counted by query). */
  instrumentCounts: z.record(z.string(), z.number().int().min(0)).optional(),
});
export type StoredDateStats = z.infer<typeof storedDateStatsSchema>;

const accountPageSchema = z.object({
  date: z.string(),
  page: z.number().int().min(0),
  accounts: z.array(z.string()),
});

/**
 * Counts every date's accounts and instruments (a repair, or once on a table whose audit rows were
 * stored before they were kept): reads every date's account pages, as the overview once did.
 */
export async function repairAuditPresence(): Promise<void> {
  for (const stats of await listDateStats()) if (stats.total > 0) await keepAuditPresence(stats);
}

/**
 * After a bulk delete: the touched accounts left without any row (their partition is empty) and the
 * touched instruments no date holds any more stop counting.
 */
async function forgetAbsent(
  accounts: ReadonlySet<string>,
  instruments: ReadonlySet<string>,
): Promise<void> {
  await mapLimit([...accounts], PRESENCE_CONCURRENCY, async (account) => {
    const answer = await dynamoDocumentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': auditKeys.accountPartition(account) },
        ProjectionExpression: 'PK',
        Limit: 1,
      }),
    );
    if ((answer.Items ?? []).length === 0) await countSubject(ACCOUNT_SUBJECT, account, undefined);
  });
  if (instruments.size === 0) return;
  const held = new Set(
    (await listDateCounts())
      .filter((stats) => stats.total > 0)
      .flatMap((stats) =>
        stats.instrumentCounts
          ? Object.keys(stats.instrumentCounts).filter((name) => stats.instrumentCounts![name]! > 0)
          : stats.instruments,
      ),
  );
  for (const instrument of instruments)
    if (!held.has(instrument)) await countSubject(INSTRUMENT_SUBJECT, instrument, undefined);
}

/** Bulk deletes a page of the operations log shows. */
export const OPERATIONS_PAGE_SIZE = 20;

const NON_KEY_FILTERS = ['firmUserId', 'instrument', 'orderNumber', 'action', 'status'] as const;

interface Partition {
  input: QueryInput;
  /**
   * A date's write-sharded GSI1 partitions (keys.ts `gsi1ShardsOf`), read as one merged in time order
   * (sharded-query.ts); `input` then leaves `:pk` to the merge.
   */
  shards?: string[];
  /** Rows in the partition when known from the stats (unfiltered date partitions only). */
  knownCount?: number;
}

/** Where a page starts: a partition and the key to resume after (a merge cursor in a sharded one). */
interface Position {
  partition: number;
  key?: Item;
  merge?: string;
}

function filterExpressionOf(
  filters: AuditFilters,
): Pick<QueryInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  const active = NON_KEY_FILTERS.filter((name) => filters[name] !== undefined);
  if (active.length === 0) return {};
  return {
    FilterExpression: active.map((name) => `#${name} = :${name}`).join(' AND '),
    ExpressionAttributeNames: Object.fromEntries(active.map((name) => [`#${name}`, name])),
    ExpressionAttributeValues: Object.fromEntries(
      active.map((name) => [`:${name}`, filters[name]]),
    ),
  };
}

/**
 * Every date's stats with its distinct accounts: from the head itself (items of the older shape) or
 * from its pages, read in one query of the pages partition when any head needs them.
 */
async function listDateStats(): Promise<DateStats[]> {
  const heads = (
    await queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': auditKeys.statsPartition },
    })
  ).map((item) => storedDateStatsSchema.parse(withoutKeys(item)));
  const paged = new Map<string, string[]>();
  if (heads.some((head) => head.total > 0 && !head.accounts && (head.accountPages ?? 0) > 0)) {
    const pages = await queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': auditKeys.accountsPartition },
    });
    const pagesOf = new Map(heads.map((head) => [head.date, head.accountPages ?? 0]));
    for (const item of pages) {
      const page = accountPageSchema.parse(withoutKeys(item));
      if (page.page >= (pagesOf.get(page.date) ?? 0)) continue;
      const accounts = paged.get(page.date) ?? [];
      accounts.push(...page.accounts);
      paged.set(page.date, accounts);
    }
  }
  return heads.map((head) => ({
    date: head.date,
    total: head.total,
    actions: head.actions,
    accounts: head.accounts ?? paged.get(head.date) ?? [],
    instruments: head.instruments,
    ...(head.instrumentCounts && { instrumentCounts: head.instrumentCounts }),
  }));
}

const dateCountsSchema = storedDateStatsSchema.pick({
  date: true,
  total: true,
  actions: true,
  instruments: true,
  instrumentCounts: true,
});
type DateCounts = z.infer<typeof dateCountsSchema>;

/**
 * The per-date counters only: a page needs them, not the account and instrument sets that make
 * up most of each stats item.
 */
async function listDateCounts(): Promise<DateCounts[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': auditKeys.statsPartition },
    ProjectionExpression: '#date, #total, actions, instruments, instrumentCounts',
    ExpressionAttributeNames: { '#date': 'date', '#total': 'total' },
  });
  return items.map((item) => dateCountsSchema.parse(item));
}

function withinDates(date: string, filters: AuditFilters): boolean {
  return (
    (!filters.startDate || date >= filters.startDate) &&
    (!filters.endDate || date <= filters.endDate)
  );
}

/**
 * Rows of a date partition that match the filters, when the date's stats know it: all rows without
 * a non-key filter, one action's or one instrument's rows when that is the only one. Otherwise
 * undefined, and the partition is counted by a query.
 */
function knownCountOf(stats: DateCounts, filters: AuditFilters): number | undefined {
  const active = NON_KEY_FILTERS.filter((name) => filters[name] !== undefined);
  if (active.length === 0) return stats.total;
  if (active.length > 1) return undefined;
  if (active[0] === 'action') return stats.actions[filters.action as string] ?? 0;
  if (active[0] === 'instrument') {
    if (!stats.instrumentCounts) return undefined;
    return stats.instrumentCounts[filters.instrument as string] ?? 0;
  }
  return undefined;
}

/** The partitions a query reads, in the order of the sort direction. */
async function partitionsFor(filters: AuditFilters, ascending: boolean): Promise<Partition[]> {
  const filter = filterExpressionOf(filters);
  const values = filter.ExpressionAttributeValues ?? {};
  if (filters.accountNumber) {
    return [
      {
        input: {
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ...filter,
          ExpressionAttributeValues: {
            ...values,
            ':pk': auditKeys.accountPartition(filters.accountNumber),
            ':from': filters.startDate ?? '0',
            ':to': `${filters.endDate ?? '99999999'}#\uffff`,
          },
          ScanIndexForward: ascending,
        },
      },
    ];
  }
  const dates = (await listDateCounts())
    .filter((stats) => stats.total > 0 && withinDates(stats.date, filters))
    .map((stats) => ({ stats, knownCount: knownCountOf(stats, filters) }))
    // A date the stats show holds no match is not read at all.
    .filter(({ knownCount }) => knownCount !== 0)
    .sort((a, b) =>
      ascending
        ? a.stats.date.localeCompare(b.stats.date)
        : b.stats.date.localeCompare(a.stats.date),
    );
  return dates.map(({ stats, knownCount }) => ({
    input: {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ...filter,
      ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
      ScanIndexForward: ascending,
    },
    shards: auditKeys.datePartitions(stats.date),
    ...(knownCount !== undefined && { knownCount }),
  }));
}

/** Rows per partition: from the stats where they are known, else counted by the query itself. */
function countsOf(partitions: Partition[]): Promise<number[]> {
  return Promise.all(
    partitions.map(
      (partition) =>
        partition.knownCount ??
        (partition.shards
          ? countSharded(partition.shards, partition.input as ShardedQuery)
          : countQuery(partition.input)),
    ),
  );
}

/** Rows a sharded date's merge reads per partition query (a filter reads blocks, as below). */
const mergeReadRows = (partition: Partition) =>
  partition.input.FilterExpression !== undefined ? FILTERED_READ_ROWS : undefined;

/**
 * Where a page starting `skip` rows into the partition starts. A sharded date is skipped through its
 * merge, reading keys only (about what the COUNT skip of one partition read).
 */
async function positionAfter(partition: Partition, index: number, skip: number): Promise<Position> {
  if (!partition.shards) return { partition: index, key: await keyAfter(partition, skip) };
  if (skip === 0) return { partition: index };
  const { nextCursor } = await queryShardedPage(
    partition.shards,
    { ...(partition.input as ShardedQuery), ProjectionExpression: 'PK, SK, GSI1PK, GSI1SK' },
    skip,
    undefined,
    mergeReadRows(partition),
  );
  return nextCursor ? { partition: index, merge: nextCursor } : { partition: index + 1 };
}

/** The key after which the partition's rows skip `skip` matching rows. */
async function keyAfter(partition: Partition, skip: number): Promise<Item | undefined> {
  if (skip === 0) return undefined;
  let remaining = skip;
  let ExclusiveStartKey: Item | undefined;
  const filtered = partition.input.FilterExpression !== undefined;
  while (remaining > 0) {
    // Without a filter every row read counts, so COUNT with a Limit lands on the key. With one, Limit
    // counts rows before filtering, so read keys only and stop at the skip-th match.
    const answer = await dynamoDocumentClient().send(
      new QueryCommand({
        ...partition.input,
        TableName: tableName(),
        ExclusiveStartKey,
        ...(filtered
          ? { ProjectionExpression: 'PK, SK, GSI1PK, GSI1SK' }
          : { Select: 'COUNT', Limit: remaining }),
      }),
    );
    if (filtered) {
      const matched = answer.Items ?? [];
      if (matched.length >= remaining) {
        return keyOf(matched[remaining - 1] as Item, partition);
      }
      remaining -= matched.length;
    } else {
      remaining -= answer.Count ?? 0;
    }
    ExclusiveStartKey = answer.LastEvaluatedKey;
    if (!ExclusiveStartKey) break;
  }
  return ExclusiveStartKey;
}

/** The key attributes a query on the partition resumes from. */
function keyOf(item: Item, partition: Partition): Item {
  return Object.fromEntries(
    Object.entries(item).filter(
      ([name]) =>
        name === 'PK' ||
        name === 'SK' ||
        (partition.input.IndexName !== undefined && name.startsWith('GSI1')),
    ),
  );
}

/**
 * Rows a filtered read evaluates per call. DynamoDB's Limit counts rows before the filter, so a
 * Limit of the rows still wanted would take one round trip per handful of matches; reading a block
 * and keeping the wanted matches, resuming after the last one kept, takes a few.
 */
const FILTERED_READ_ROWS = 1_000;

/** Reads up to `limit` rows from `start` on, moving into the next partitions as each ends. */
async function readFrom(
  partitions: Partition[],
  start: Position,
  limit: number,
): Promise<{ items: Item[]; next?: Position }> {
  const items: Item[] = [];
  let position: Position | undefined = start;
  while (position && position.partition < partitions.length && items.length < limit) {
    const partition = partitions[position.partition] as Partition;
    const wanted = limit - items.length;
    if (partition.shards) {
      const page = await queryShardedPage(
        partition.shards,
        partition.input as ShardedQuery,
        wanted,
        position.merge,
        mergeReadRows(partition),
      );
      items.push(...page.items);
      position = page.nextCursor
        ? { partition: position.partition, merge: page.nextCursor }
        : { partition: position.partition + 1 };
      continue;
    }
    const filtered = partition.input.FilterExpression !== undefined;
    const answer: QueryCommandOutput = await sendResumed(
      new QueryCommand({
        ...partition.input,
        TableName: tableName(),
        ExclusiveStartKey: position.key,
        Limit: filtered ? Math.max(wanted, FILTERED_READ_ROWS) : wanted,
      }),
    );
    const found = (answer.Items ?? []) as Item[];
    if (found.length > wanted) {
      const kept = found.slice(0, wanted);
      items.push(...kept);
      position = { partition: position.partition, key: keyOf(kept.at(-1) as Item, partition) };
      break;
    }
    items.push(...found);
    position = answer.LastEvaluatedKey
      ? { partition: position.partition, key: answer.LastEvaluatedKey }
      : { partition: position.partition + 1 };
  }
  const more = position && position.partition < partitions.length;
  return { items, ...(more && { next: position }) };
}

function encodePosition(position: Position | undefined): string | undefined {
  return position
    ? encodeCursor({
        p: position.partition,
        ...(position.key && { k: JSON.stringify(position.key) }),
        ...(position.merge && { m: position.merge }),
      })
    : undefined;
}

const cursorKeySchema = z
  .record(z.string(), z.string().max(2_048))
  .refine((key) => Object.keys(key).length <= 4);

function invalidCursor(): ValidationError {
  return new ValidationError(INVALID_CURSOR, [{ field: 'cursor', message: INVALID_CURSOR }]);
}

/**
 * The position a cursor names, checked against this query's partitions: an index among them and a
 * key inside the partition it names. A forged cursor, or one from another query, is a 400.
 */
function decodePosition(cursor: string | undefined, partitions: Partition[]): Position | undefined {
  const decoded = decodeCursor(cursor);
  if (!decoded) return undefined;
  const partition = decoded.p;
  if (typeof partition !== 'number' || !Number.isInteger(partition) || partition < 0) {
    throw invalidCursor();
  }
  if (partition >= partitions.length) {
    if (decoded.k === undefined && partition === partitions.length) return { partition };
    throw invalidCursor();
  }
  if (partitions[partition]?.shards) {
    // The merge checks its own cursor against the date's partitions when it reads.
    if (decoded.k !== undefined || (decoded.m !== undefined && typeof decoded.m !== 'string'))
      throw invalidCursor();
    return decoded.m === undefined ? { partition } : { partition, merge: decoded.m as string };
  }
  if (decoded.k === undefined) return { partition };
  if (typeof decoded.k !== 'string') throw invalidCursor();
  let key: Item;
  try {
    key = cursorKeySchema.parse(JSON.parse(decoded.k));
  } catch {
    throw invalidCursor();
  }
  const input = (partitions[partition] as Partition).input;
  const partitionKey = input.ExpressionAttributeValues?.[':pk'];
  const keyOfPartition = input.IndexName ? key.GSI1PK : key.PK;
  if (keyOfPartition !== partitionKey || typeof key.PK !== 'string' || typeof key.SK !== 'string') {
    throw invalidCursor();
  }
  return { partition, key };
}

export interface AuditPage {
  data: AuditTrailRecord[];
  meta: AuditListMeta;
}

export const auditRepository = {
  itemOf: auditItemOf,

  /**
   * Access pattern "audit trail by account, date range and filters, page N of totalPages": see
   * docs/data-model.md. A `cursor` from the previous page's meta resumes without recounting the skip.
   */
  async search(query: AuditListQuery): Promise<AuditPage> {
    const partitions = await partitionsFor(query, query.sortDirection === 'asc');
    let start = decodePosition(query.cursor, partitions);
    const counts = await countsOf(partitions);
    const total = counts.reduce((sum, count) => sum + count, 0);
    const totalPages = Math.ceil(total / query.pageSize);

    if (!start) {
      let offset = (query.page - 1) * query.pageSize;
      let index = 0;
      while (index < counts.length && offset >= (counts[index] as number)) {
        offset -= counts[index] as number;
        index += 1;
      }
      start =
        index < partitions.length
          ? await positionAfter(partitions[index] as Partition, index, offset)
          : { partition: partitions.length };
    }
    const { items, next } = await readFrom(partitions, start, query.pageSize);
    const nextCursor = query.page < totalPages ? encodePosition(next) : undefined;
    return {
      data: items.map((item) => auditTrailRecordSchema.parse(withoutKeys(item))),
      meta: { total, page: query.page, totalPages, ...(nextCursor && { nextCursor }) },
    };
  },

  /** Access pattern "collection overview": Query `PK = AUDITSTATS`, the per-date items merged. */
  /**
   * The collection overview: records, dates and actions from the dates' counters (one small item a
   * date), distinct accounts and instruments from the kept `audit` counters. A table whose rows were
   * stored before they were kept (no counters yet, rows present) is read the old way, every date's
   * account pages, until `repairAuditPresence` has run.
   */
  async stats(): Promise<AuditStats> {
    const [counted, kept] = await Promise.all([listDateCounts(), readCounts(AUDIT_SCOPE)]);
    const dates = counted.filter((stats) => stats.total > 0);
    let distinct: { accounts: number; instruments: number };
    if (dates.length > 0 && kept.accounts === undefined) {
      const accounts = new Set<string>();
      const instruments = new Set<string>();
      for (const stats of await listDateStats()) {
        if (stats.total === 0) continue;
        stats.accounts.forEach((account) => accounts.add(account));
        stats.instruments.forEach((instrument) => instruments.add(instrument));
      }
      distinct = { accounts: accounts.size, instruments: instruments.size };
    } else {
      distinct = { accounts: kept.accounts ?? 0, instruments: kept.instruments ?? 0 };
    }
    const actions = new Map<string, number>();
    for (const stats of dates) {
      for (const [action, count] of Object.entries(stats.actions)) {
        actions.set(action, (actions.get(action) ?? 0) + count);
      }
    }
    const sortedDates = dates.map((stats) => stats.date).sort();
    return {
      totalRecords: dates.reduce((sum, stats) => sum + stats.total, 0),
      dateRange: { start: sortedDates[0] ?? null, end: sortedDates.at(-1) ?? null },
      ...distinct,
      actions: [...actions]
        .map(([action, count]) => ({ _id: action, count }))
        .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id)),
    };
  },

  /**
   * Deletes every row matching the filters, then rewrites the stats of the dates it touched from the
   * rows that remain (so a retry after a failure converges). The matches are read a page at a time,
   * keys only, and deleted as they come, so memory stays bounded whatever the range.
   */
  async deleteMatching(filters: AuditFilters): Promise<number> {
    const partitions = await partitionsFor(filters, true);
    const writer = new BatchWriter();
    const touchedDates = new Set<string>();
    const touchedAccounts = new Set<string>();
    const touchedInstruments = new Set<string>();
    let deleted = 0;
    // A sharded date's partitions one after another: deleting needs no merge order.
    const inputs = partitions.flatMap(({ input, shards }) =>
      shards
        ? shards.map((pk) => ({
            ...input,
            ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': pk },
          }))
        : [input],
    );
    for (const input of inputs) {
      let ExclusiveStartKey: Item | undefined;
      do {
        const page: QueryCommandOutput = await dynamoDocumentClient().send(
          new QueryCommand({
            ...input,
            TableName: tableName(),
            ExclusiveStartKey,
            ProjectionExpression: 'PK, SK, serverProcessDate, accountNumber, instrument',
          }),
        );
        for (const row of (page.Items ?? []) as Item[]) {
          await writer.delete({ PK: row.PK, SK: row.SK });
          touchedDates.add(String(row.serverProcessDate));
          touchedAccounts.add(String(row.accountNumber));
          if (row.instrument) touchedInstruments.add(String(row.instrument));
          deleted += 1;
        }
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    }
    await writer.flush();
    for (const date of [...touchedDates].sort()) {
      const stats = new AuditDateStats(date);
      const remaining = await queryShardedAll(auditKeys.datePartitions(date), {
        KeyConditionExpression: 'GSI1PK = :pk',
        ProjectionExpression: 'accountNumber, #action, instrument',
        ExpressionAttributeNames: { '#action': 'action' },
      });
      remaining.forEach((row) =>
        stats.add(row as Pick<AuditTrailRecord, 'action' | 'accountNumber' | 'instrument'>),
      );
      for (const item of stats.items()) await writer.put(item);
    }
    await writer.flush();
    await forgetAbsent(touchedAccounts, touchedInstruments);
    return deleted;
  },

  /** Operations log: a bulk delete is recorded as started before any row goes. */
  async recordOperation(operation: AuditOperation): Promise<void> {
    const valid = auditOperationSchema.parse(operation);
    await putItem({ ...valid, ...auditKeys.operation(valid.startedAt, valid.id) });
  },

  /**
   * Access pattern "operations log, newest first": Query `PK = AUDITOPS`, reverse, 20 a page. A
   * cursor must name a key of that partition.
   */
  async listOperations(cursor?: string): Promise<{ items: AuditOperation[]; nextCursor?: string }> {
    const key = decodeCursor(cursor);
    if (key && (key.PK !== auditKeys.operationsPartition || typeof key.SK !== 'string')) {
      throw invalidCursor();
    }
    const page = await queryPage(
      {
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': auditKeys.operationsPartition },
        ScanIndexForward: false,
      },
      OPERATIONS_PAGE_SIZE,
      cursor,
    );
    return {
      items: page.items.map((item) => auditOperationSchema.parse(withoutKeys(item))),
      ...(page.nextCursor && { nextCursor: page.nextCursor }),
    };
  },
};
