import type { Caller } from './auth-context';
import { ForbiddenError, NotFoundError } from './errors';
import { traderRepository } from './repositories/trader-repository';

/**
 * Whether a signed-in caller is the given trader record: the trader id of the verified
 * token's `custom:traderId` claim, which only our server writes when the trader signs in through the
 * membership system (functions/lib/membership/trader-users.ts), equals the record's id. An email, a
 * query string or the browser's storage never make a caller a trader. Staff are never a trader.
 */
export function callerMatchesTrader(
  caller: Caller | undefined,
  trader: { traderId: string } | undefined,
): boolean {
  if (!caller || caller.role === 'admin' || !caller.traderId || !trader) return false;
  return trader.traderId === caller.traderId;
}

/**
 * Whether a signed-in caller is the trader `traderId` (`callerMatchesTrader`). The trader record is
 * read (one Get), so a claim naming a trader that does not exist grants nothing.
 */
export async function callerIsTrader(
  caller: Caller | undefined,
  traderId: string,
): Promise<boolean> {
  if (!caller || caller.role === 'admin' || !caller.traderId) return false;
  if (caller.traderId !== traderId) return false;
  return callerMatchesTrader(caller, await traderRepository.get(traderId));
}

/**
 * The one ownership check of `trader-self` routes about an account (decision in docs/decisions.md):
 * staff pass; a trader passes only for an account of their own. Anyone else gets the same 404 as an
 * unknown account, so account ids cannot be probed.
 */
export async function assertOwnsAccount(
  caller: Caller | undefined,
  account: { accountId: string; traderId: string },
): Promise<void> {
  if (caller?.role === 'admin') return;
  if (await callerIsTrader(caller, account.traderId)) return;
  throw new NotFoundError(`Account ${account.accountId} not found`);
}

/** The answer to a trader asking for another trader's data. */
export const OTHER_TRADER_MESSAGE = 'You may only read your own trader data';

/**
 * The ownership check of `trader-self` routes about a trader (their profile, details, accounts and
 * daily summary), given the trader record the route loaded (an unknown trader is the route's 404):
 * staff pass; a trader passes only for their own record (`callerMatchesTrader`); any other caller
 * gets 403 and nothing of the trader's data.
 */
export function assertIsTraderOrStaff(
  caller: Caller | undefined,
  trader: { traderId: string; email: string },
): void {
  if (caller?.role === 'admin') return;
  if (callerMatchesTrader(caller, trader)) return;
  throw new ForbiddenError(OTHER_TRADER_MESSAGE);
}
