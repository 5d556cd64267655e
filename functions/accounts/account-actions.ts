import type { AccountReset } from '@shared/accounts/account';
import { NotFoundError } from '../lib/errors';
import { accountRepository, type StoredAccount } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { loadJudge, rejudgeAccount } from '../lib/judging/rejudge';
import { withSyncLock } from '../lib/judging/lock';

/**
 * `POST /api/accounts/{accountId}/refresh` (spec 001 §7): re-judges the account from its stored days
 * with the rules in force now and rewrites its summary. Answers the number of days judged.
 */
export async function refreshAccount(accountId: string): Promise<number> {
  return withSyncLock('account-refresh', async () => {
    const [account, judge] = await Promise.all([accountRepository.get(accountId), loadJudge()]);
    if (!account) throw new NotFoundError(`Account ${accountId} not found`);
    const { days } = await rejudgeAccount(account, judge);
    // The check ran now: "Last Conformance Check" says so (the nightly sync stamps the broker file's
    // time, so that re-running a date rewrites the same values).
    const judged = await accountRepository.get(accountId);
    if (judged?.accountSummary) {
      await accountRepository.replace({
        ...judged,
        accountSummary: {
          ...judged.accountSummary,
          lastconformanceCheck: new Date().toISOString(),
        },
      });
    }
    return days;
  });
}

/**
 * `POST /api/accounts/{accountId}/reset` (decision 26): records the reset (when, which staff user,
 * the last day with data) and adds 1 to `resetCount`. The judge starts the days after that last day
 * afresh from the phase's starting balance (`Judge.keyOf`), at the next synced day; re-judging the
 * history later keeps the reset where it was.
 */
export async function resetAccount(
  accountId: string,
  staffUserId: string,
): Promise<{ account: StoredAccount; reset: AccountReset }> {
  return withSyncLock('account-reset', async () => {
    const [account, latest] = await Promise.all([
      accountRepository.get(accountId),
      performanceRepository.listByAccount(accountId, { limit: 1 }),
    ]);
    if (!account) throw new NotFoundError(`Account ${accountId} not found`);
    const reset: AccountReset = {
      resetAt: new Date().toISOString(),
      resetBy: staffUserId,
      afterDate: latest.items[0]?.Date ?? null,
    };
    const stored = await accountRepository.replace({
      ...account,
      resetCount: account.resetCount + 1,
      resets: [...(account.resets ?? []), reset],
    });
    return { account: stored, reset };
  });
}
