import { traderSchema, type Trader } from '../../../shared/traders/trader';
import { traderKeys, withoutKeys } from '../db/keys';
import { getItem, queryAll, type Item } from '../db/table';

/** Traders: one item each, all listed through one GSI1 partition. */
export const traderRepository = {
  /** The stored item of a trader: keys placed, shape validated. */
  itemOf(trader: Trader): Item {
    const valid = traderSchema.parse(trader);
    return {
      ...valid,
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
};
