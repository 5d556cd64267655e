import { traderSchema, type Trader } from '@shared/traders/trader';
import { traderListItemSchema, type TraderListItem } from '@shared/traders/trader-list';
import { traderItemOf } from './trader-items';
import { traderKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor } from '../db/paging';
import { getItem, projectionOf, queryAll, sendResumed, tableName, type Item } from '../db/table';

const LIST_ATTRIBUTES = Object.keys(traderListItemSchema.shape);
const KEY_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];
/** Traders a search reads per query: the filter runs after `Limit`, so blocks are large. */
const SEARCH_BLOCK = 1_000;
/**
 * Traders one search request reads at most before it answers what it found with a cursor, so a
 * rare match costs a bounded read per request whatever the number of traders.
 */
export const TRADER_READ_BUDGET = 4_000;

/** The index key of a list item: where the next page resumes. */
function keysOf(item: Item): Item {
  return Object.fromEntries(KEY_ATTRIBUTES.map((name) => [name, item[name]]));
}

/**
 * The trader as the API answers it: staff get the whole record; the trader themself gets it without
 * the membership password (decision 31: passwords are for staff screens only).
 */
export function publicTrader(trader: Trader, caller?: { role: string }): Trader {
  if (!caller || caller.role === 'admin' || !trader.amember) return trader;
  const { rithmic_passwd: _password, ...amember } = trader.amember;
  return { ...trader, amember };
}

/**
 * Traders: one item each, all listed through one GSI1 partition. The screens' reads and pages; a
 * trader's stored item is trader-items.ts, which the sync imports directly.
 */
export const traderRepository = {
  itemOf: traderItemOf,

  /** Access pattern "one trader": Get `TRADER#<id> / PROFILE`. */
  async get(traderId: string): Promise<Trader | undefined> {
    const item = await getItem(traderKeys.profile(traderId));
    return item ? traderSchema.parse(withoutKeys(item)) : undefined;
  },

  /** Access pattern "every trader": Query GSI1 `GSI1PK = TRADERS`, in trader id order. */
  async listAll(): Promise<Trader[]> {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': traderKeys.listPartition },
    });
    return items.map((item) => traderSchema.parse(withoutKeys(item)));
  },

  /**
   * Access pattern "a page of the trader list" (`GET /api/traders`): Query GSI1 `GSI1PK = TRADERS` in
   * trader id order, projecting the list row's attributes and the keys, resumed from a cursor. Without
   * a search, `Limit` is the page size. A search adds `FilterExpression contains(searchText, :q)`
   * (lower-cased) and reads blocks of 1,000 traders (DynamoDB applies `Limit` before the filter), keeps
   * the first matches up to the page size and resumes after the last one kept; after reading
   * `readBudget` traders (`TRADER_READ_BUDGET`) it answers the matches it has with a cursor.
   */
  async listPage(options: {
    search?: string;
    limit: number;
    cursor?: string;
    readBudget?: number;
  }): Promise<Page<TraderListItem>> {
    const budget = options.readBudget ?? TRADER_READ_BUDGET;
    let read = 0;
    const projection = projectionOf([...LIST_ATTRIBUTES, ...KEY_ATTRIBUTES]);
    const search = options.search?.toLowerCase();
    const input = {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ...projection,
      ...(search
        ? {
            FilterExpression: 'contains(#search, :q)',
            ExpressionAttributeNames: {
              ...projection.ExpressionAttributeNames,
              '#search': 'searchText',
            },
            ExpressionAttributeValues: { ':pk': traderKeys.listPartition, ':q': search },
          }
        : { ExpressionAttributeValues: { ':pk': traderKeys.listPartition } }),
    };
    const kept: Item[] = [];
    let start = decodeCursor(options.cursor);
    let next: Item | undefined;
    do {
      const page = await sendResumed(
        new QueryCommand({
          ...input,
          TableName: tableName(),
          ExclusiveStartKey: start,
          Limit: search ? Math.min(SEARCH_BLOCK, budget - read) : options.limit - kept.length,
        }),
      );
      read += page.ScannedCount ?? 0;
      const items = (page.Items ?? []) as Item[];
      const room = options.limit - kept.length;
      kept.push(...items.slice(0, room));
      start = page.LastEvaluatedKey;
      if (items.length > room) {
        next = keysOf(kept[kept.length - 1]!);
        break;
      }
      next = start;
    } while (start && kept.length < options.limit && read < budget);
    return {
      items: kept.map((item) => traderListItemSchema.parse(item)),
      ...(next && { nextCursor: encodeCursor(next) }),
    };
  },
};
