import { z } from 'zod';
import type {
  AuditFilters,
  AuditListQuery,
  AuditListMeta,
} from '../../../shared/audit/audit-query';
import {
  auditTrailRecordSchema,
  type AuditStats,
  type AuditTrailRecord,
} from '../../../shared/audit/audit-trail';
import { dynamoDocumentClient } from '../aws-clients';
import { BatchWriter } from '../db/batch-writer';
import { auditKeys, withoutKeys } from '../db/keys';
import { decodeCursor, encodeCursor } from '../db/paging';
import {
  countQuery,
  putItem,
  queryAll,
  sendResumed,
  tableName,
  type Item,
  type QueryInput,
} from '../db/table';
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';

/**
 * The order audit trail (docs/data-model.md "Audit trail paging"). Rows are keyed by their natural key
 * in the account's partition and placed by time in their date's GSI1 partition; a stats item per date
 * keeps the counts that let page N be found without reading the rows before it.
 */

const storedDateStatsSchema = z.object({
  date: z.string(),
  total: z.number().int().min(0),
  actions: z.record(z.string(), z.number().int().min(0)),
  accounts: z.array(z.string()),
  instruments: z.array(z.string()),
});
type StoredDateStats = z.infer<typeof storedDateStatsSchema>;

/** Accumulates one date's stats from its rows, as the sync streams them or a purge re-reads them. */
export class AuditDateStats {
  private total = 0;
  private readonly actions = new Map<string, number>();
  private readonly accounts = new Set<string>();
  private readonly instruments = new Set<string>();

  constructor(readonly date: string) {}

  add(record: Pick<AuditTrailRecord, 'action' | 'accountNumber' | 'instrument'>): void {
    this.total += 1;
    this.actions.set(record.action, (this.actions.get(record.action) ?? 0) + 1);
    this.accounts.add(record.accountNumber);
    if (record.instrument) this.instruments.add(record.instrument);
  }

  /** Sorted, so the item is the same whatever order the rows came in. */
  item(): Item {
    const stats: StoredDateStats = {
      date: this.date,
      total: this.total,
      actions: Object.fromEntries([...this.actions].sort(([a], [b]) => a.localeCompare(b))),
      accounts: [...this.accounts].sort(),
      instruments: [...this.instruments].sort(),
    };
    return { ...stats, ...auditKeys.dateStats(this.date) };
  }
}

const NON_KEY_FILTERS = ['firmUserId', 'instrument', 'orderNumber', 'action', 'status'] as const;

interface Partition {
  input: QueryInput;
  /** Rows in the partition when known from the stats (unfiltered date partitions only). */
  knownCount?: number;
}

/** Where a page starts: a partition and the key to resume after. */
interface Position {
  partition: number;
  key?: Item;
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

function isFiltered(filters: AuditFilters): boolean {
  return NON_KEY_FILTERS.some((name) => filters[name] !== undefined);
}

async function listDateStats(): Promise<StoredDateStats[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': auditKeys.statsPartition },
  });
  return items.map((item) => storedDateStatsSchema.parse(withoutKeys(item)));
}

function withinDates(date: string, filters: AuditFilters): boolean {
  return (
    (!filters.startDate || date >= filters.startDate) &&
    (!filters.endDate || date <= filters.endDate)
  );
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
  const dates = (await listDateStats())
    .filter((stats) => stats.total > 0 && withinDates(stats.date, filters))
    .sort((a, b) => (ascending ? a.date.localeCompare(b.date) : b.date.localeCompare(a.date)));
  return dates.map((stats) => ({
    input: {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ...filter,
      ExpressionAttributeValues: { ...values, ':pk': auditKeys.datePartition(stats.date) },
      ScanIndexForward: ascending,
    },
    ...(!isFiltered(filters) && { knownCount: stats.total }),
  }));
}

/** Rows per partition: from the stats where they are known, else counted by the query itself. */
function countsOf(partitions: Partition[]): Promise<number[]> {
  return Promise.all(
    partitions.map((partition) => partition.knownCount ?? countQuery(partition.input)),
  );
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
        const last = matched[remaining - 1] as Item;
        return Object.fromEntries(
          Object.entries(last).filter(
            ([name]) => partition.input.IndexName || name === 'PK' || name === 'SK',
          ),
        );
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
    const answer: QueryCommandOutput = await sendResumed(
      new QueryCommand({
        ...partition.input,
        TableName: tableName(),
        ExclusiveStartKey: position.key,
        Limit: limit - items.length,
      }),
    );
    items.push(...((answer.Items ?? []) as Item[]));
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
      })
    : undefined;
}

function decodePosition(cursor: string | undefined): Position | undefined {
  const decoded = decodeCursor(cursor);
  if (!decoded) return undefined;
  const partition = Number(decoded.p);
  return {
    partition: Number.isInteger(partition) && partition >= 0 ? partition : 0,
    ...(typeof decoded.k === 'string' && { key: JSON.parse(decoded.k) as Item }),
  };
}

export interface AuditPage {
  data: AuditTrailRecord[];
  meta: AuditListMeta;
}

export const auditRepository = {
  itemOf(record: AuditTrailRecord): Item {
    const valid = auditTrailRecordSchema.parse(record);
    return {
      ...valid,
      ...auditKeys.record(
        valid.accountNumber,
        valid.serverProcessDate,
        valid.serverTransactionNumber,
      ),
      ...auditKeys.recordIndex(valid),
    };
  },

  /**
   * Access pattern "audit trail by account, date range and filters, page N of totalPages": see
   * docs/data-model.md. A `cursor` from the previous page's meta resumes without recounting the skip.
   */
  async search(query: AuditListQuery): Promise<AuditPage> {
    const partitions = await partitionsFor(query, query.sortDirection === 'asc');
    const counts = await countsOf(partitions);
    const total = counts.reduce((sum, count) => sum + count, 0);
    const totalPages = Math.ceil(total / query.pageSize);

    let start = decodePosition(query.cursor);
    if (!start) {
      let offset = (query.page - 1) * query.pageSize;
      let index = 0;
      while (index < counts.length && offset >= (counts[index] as number)) {
        offset -= counts[index] as number;
        index += 1;
      }
      start =
        index < partitions.length
          ? { partition: index, key: await keyAfter(partitions[index] as Partition, offset) }
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
  async stats(): Promise<AuditStats> {
    const dates = (await listDateStats()).filter((stats) => stats.total > 0);
    const actions = new Map<string, number>();
    const accounts = new Set<string>();
    const instruments = new Set<string>();
    for (const stats of dates) {
      for (const [action, count] of Object.entries(stats.actions)) {
        actions.set(action, (actions.get(action) ?? 0) + count);
      }
      stats.accounts.forEach((account) => accounts.add(account));
      stats.instruments.forEach((instrument) => instruments.add(instrument));
    }
    const sortedDates = dates.map((stats) => stats.date).sort();
    return {
      totalRecords: dates.reduce((sum, stats) => sum + stats.total, 0),
      dateRange: { start: sortedDates[0] ?? null, end: sortedDates.at(-1) ?? null },
      accounts: accounts.size,
      instruments: instruments.size,
      actions: [...actions]
        .map(([action, count]) => ({ _id: action, count }))
        .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id)),
    };
  },

  /**
   * Deletes every row matching the filters, then rewrites the stats of the dates it touched from the
   * rows that remain (so a retry after a failure converges).
   */
  async deleteMatching(filters: AuditFilters): Promise<number> {
    const partitions = await partitionsFor(filters, true);
    const writer = new BatchWriter();
    const touchedDates = new Set<string>();
    let deleted = 0;
    for (const partition of partitions) {
      const rows = await queryAll(partition.input);
      for (const row of rows) {
        await writer.delete({ PK: row.PK, SK: row.SK });
        touchedDates.add(String(row.serverProcessDate));
        deleted += 1;
      }
    }
    await writer.flush();
    for (const date of touchedDates) {
      const stats = new AuditDateStats(date);
      const remaining = await queryAll({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': auditKeys.datePartition(date) },
        ProjectionExpression: 'accountNumber, #action, instrument',
        ExpressionAttributeNames: { '#action': 'action' },
      });
      remaining.forEach((row) =>
        stats.add(row as Pick<AuditTrailRecord, 'action' | 'accountNumber' | 'instrument'>),
      );
      await putItem(stats.item());
    }
    return deleted;
  },
};
