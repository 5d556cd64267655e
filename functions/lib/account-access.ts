import type { Caller } from './auth-context';
import { ForbiddenError, NotFoundError } from './errors';
import { traderRepository } from './repositories/trader-repository';

/**
 * Whether a signed-in caller is the given trader record. A trader's Cognito user is matched to the
 * firm's trader record by its verified `email` claim, compared case-insensitively with the trader's
 * stored email (the broker's traders report keeps it current): the demo trader
 * `trader@example.com` is trader `TR000001`. Staff are never a trader.
 */
export function callerMatchesTrader(
  caller: Caller | undefined,
  trader: { email: string } | undefined,
): boolean {
  const email = caller?.email?.trim().toLowerCase();
  if (!caller || caller.role === 'admin' || !email || !trader) return false;
  return trader.email.trim().toLowerCase() === email;
}

/**
 * Whether a signed-in caller is the trader `traderId` (`callerMatchesTrader`). The trader record is
 * read (one Get), not the email copied onto accounts, so a stale copy never grants access.
 */
export async function callerIsTrader(
  caller: Caller | undefined,
  traderId: string,
): Promise<boolean> {
  if (!caller || caller.role === 'admin' || !caller.email) return false;
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
 * gets 403 and nothing of the trader's data (issue 11).
 */
export function assertIsTraderOrStaff(
  caller: Caller | undefined,
  trader: { traderId: string; email: string },
): void {
  if (caller?.role === 'admin') return;
  if (callerMatchesTrader(caller, trader)) return;
  throw new ForbiddenError(OTHER_TRADER_MESSAGE);
}
