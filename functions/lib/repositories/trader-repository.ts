import { traderSchema, type Trader } from '../../../shared/traders/trader';
import { traderListItemSchema, type TraderListItem } from '../../../shared/traders/trader-list';
import { traderKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { getItem, queryAll, queryPage, type Item } from '../db/table';
import { projectionOf } from './performance-repository';

/**
 * The lower-cased text the trader list's search matches: id, first, last and full name, email and
 * username. Stored on the item (never answered: the schemas strip it), so a search is one
 * `contains` filter of the list partition, case-insensitive.
 */
export function traderSearchTextOf(trader: Trader): string {
  return [
    trader.traderId,
    trader.firstName,
    trader.lastName,
    `${trader.firstName} ${trader.lastName}`,
    trader.email,
    trader.username ?? '',
  ]
    .join('\n')
    .toLowerCase();
}

const LIST_ATTRIBUTES = Object.keys(traderListItemSchema.shape);

/**
 * The trader as the API answers it: staff get the whole record; the trader themself gets it without
 * the membership password (decision 31: passwords are for staff screens only).
 */
export function publicTrader(trader: Trader, caller?: { role: string }): Trader {
  if (!caller || caller.role === 'admin' || !trader.amember) return trader;
  const { rithmic_passwd: _password, ...amember } = trader.amember;
  return { ...trader, amember };
}

/** Traders: one item each, all listed through one GSI1 partition. */
export const traderRepository = {
  /** The stored item of a trader: keys placed, shape validated, search text added. */
  itemOf(trader: Trader): Item {
    const valid = traderSchema.parse(trader);
    return {
      ...valid,
      searchText: traderSearchTextOf(valid),
      ...traderKeys.profile(valid.traderId),
      ...traderKeys.profileIndex(valid.traderId),
    };
  },

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
   * trader id order, projecting the list row's attributes, `Limit` the page size, resumed from a
   * cursor; a search adds `FilterExpression contains(searchText, :q)` (lower-cased), reading on until
   * the page is full or the partition ends.
   */
  async listPage(options: {
    search?: string;
    limit: number;
    cursor?: string;
  }): Promise<Page<TraderListItem>> {
    const projection = projectionOf(LIST_ATTRIBUTES);
    const search = options.search?.toLowerCase();
    const page = await queryPage(
      {
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
      },
      options.limit,
      options.cursor,
    );
    return { ...page, items: page.items.map((item) => traderListItemSchema.parse(item)) };
  },
};
