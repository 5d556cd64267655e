import { traderSchema, type Trader } from '@shared/traders/trader';
import { traderKeys } from '../db/keys';
import type { Item } from '../db/table';

/*
 * A trader's stored item, as a plain function: the sync builds it for every trader row without
 * carrying the screens' list and search queries (trader-repository.ts).
 */

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

/** The stored item of a trader: keys placed, shape validated, search text added. */
export function traderItemOf(trader: Trader): Item {
  const valid = traderSchema.parse(trader);
  return {
    ...valid,
    searchText: traderSearchTextOf(valid),
    ...traderKeys.profile(valid.traderId),
    ...traderKeys.profileIndex(valid.traderId),
  };
}
