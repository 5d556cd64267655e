import { accountsOverview, type AccountsOverview } from '@shared/accounts/accounts-overview';
import { accountRepository } from '../lib/repositories/account-repository';

/**
 * All Accounts' overview card for every account (`GET /api/accounts/overview`): the one place the
 * figures come from, so it can be pointed at the maintained counters (functions/lib/aggregates/)
 * without touching the route or the screen. Until then it reads every account's list row, which is
 * a whole-table read (bounded in its answer, not in its cost); the list itself is paged.
 */
export async function accountTotals(): Promise<AccountsOverview> {
  return accountsOverview(await accountRepository.listRows());
}
