import type { Caller } from './auth-context';
import { NotFoundError } from './errors';
import { traderRepository } from './repositories/trader-repository';

/**
 * Whether a signed-in caller is the trader `traderId`. A trader's Cognito user is matched to the
 * firm's trader record by its verified `email` claim, compared case-insensitively with the trader's
 * stored email (the broker's traders report keeps it current): the demo trader
 * `trader@example.com` is trader `TR000001`. Staff are never a trader. The trader record is read
 * (one Get), not the email copied onto accounts, so a stale copy never grants access.
 */
export async function callerIsTrader(
  caller: Caller | undefined,
  traderId: string,
): Promise<boolean> {
  const email = caller?.email?.trim().toLowerCase();
  if (!caller || caller.role === 'admin' || !email) return false;
  const trader = await traderRepository.get(traderId);
  return trader?.email.trim().toLowerCase() === email;
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
