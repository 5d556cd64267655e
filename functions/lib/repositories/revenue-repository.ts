import type * as z from 'zod';
import { dailyRevenueRecordSchema, type DailyRevenueRecord } from '@shared/revenue/daily-revenue';
import type { PaymentProvider } from '@shared/revenue/transaction';
import { batchPutAll } from '../db/batch-writer';
import { revenueKeys, withoutKeys } from '../db/keys';
import { queryAll, type Item, type QueryInput } from '../db/table';

export type DailyRevenueRecordInput = z.input<typeof dailyRevenueRecordSchema>;

export interface RevenueRange {
  /** `YYYYMMDD`, inclusive. */
  startDate: string;
  /** `YYYYMMDD`, inclusive. */
  endDate: string;
  provider?: PaymentProvider;
}

/**
 * Bounds of a date range in the `REVENUE` partition, whose sort keys are `<date>#<provider>`: an empty
 * provider sorts before every provider of the start date, and `~` after every provider of the end
 * date (providers are lower-case letters and `_`, all below `~`).
 */
const LOWEST_PROVIDER = '';
const HIGHEST_PROVIDER = '~';

function rangeQuery({ startDate, endDate, provider }: RevenueRange): QueryInput {
  if (provider) {
    return {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': revenueKeys.providerPartition(provider),
        ':from': revenueKeys.recordIndex(startDate, provider).GSI1SK,
        ':to': revenueKeys.recordIndex(endDate, provider).GSI1SK,
      },
    };
  }
  return {
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': revenueKeys.partition,
      ':from': revenueKeys.record(startDate, LOWEST_PROVIDER).SK,
      ':to': revenueKeys.record(endDate, HIGHEST_PROVIDER).SK,
    },
  };
}

/**
 * The stored item of a revenue record: shape validated, keys and the provider index placed. A
 * function of its own, not only a method of {@link revenueRepository}, so the sync's bundle leaves out
 * the revenue screen's range query (esbuild drops unused functions, never an object's unused methods).
 */
export function revenueItemOf(input: DailyRevenueRecordInput): Item {
  const record = dailyRevenueRecordSchema.parse(input);
  return {
    ...record,
    ...revenueKeys.record(record.date, record.provider),
    ...revenueKeys.recordIndex(record.date, record.provider),
  };
}

/**
 * Daily revenue: one item per (date, provider), the natural key, so re-ingesting a date overwrites
 * its rows. Partition `REVENUE` sorts every row by date; GSI1 `REVENUE#<provider>` one provider's.
 */
export const revenueRepository = {
  itemOf: revenueItemOf,

  /**
   * Access pattern "revenue by date range": Query `PK = REVENUE`, `SK BETWEEN <start># AND <end>#~`;
   * with a provider, Query GSI1 `GSI1PK = REVENUE#<provider>`, `GSI1SK BETWEEN <start> AND <end>`.
   * Both dates inclusive; in date order (then provider).
   */
  async listByDateRange(range: RevenueRange): Promise<DailyRevenueRecord[]> {
    // DynamoDB refuses a BETWEEN whose bounds are reversed; such a range simply holds nothing.
    if (range.startDate > range.endDate) return [];
    const items = await queryAll(rangeQuery(range));
    return items.map((item) => dailyRevenueRecordSchema.parse(withoutKeys(item)));
  },

  /** Ingestion: validates every record, then batch-writes them (idempotent by natural key). */
  async putMany(records: readonly DailyRevenueRecordInput[]): Promise<number> {
    const items = records.map(revenueItemOf);
    return batchPutAll(items);
  },
};
