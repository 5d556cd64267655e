import { BatchWriter } from '../lib/db/batch-writer';
import { NotFoundError } from '../lib/errors';
import { accountRepository, type StoredAccount } from '../lib/repositories/account-repository';
import {
  performanceRepository,
  type StoredFill,
  type StoredPerformance,
  type StoredTrade,
} from '../lib/repositories/performance-repository';
import { ruleRepository } from '../lib/repositories/rule-repository';
import { Judge, ProgramCatalog } from './judge';
import { withSyncLock } from './lock';

// The lock helpers live with the lease (lock.ts); callers import withSyncLock from here.
export { withSyncLock };

/** A judge with the current programs and rule definitions, loaded once for a batch of accounts. */
export async function loadJudge(): Promise<Judge> {
  const [catalog, definitions] = await Promise.all([ProgramCatalog.load(), ruleRepository.list()]);
  return new Judge(catalog, definitions);
}

interface StoredDayActivity {
  fills: (date: string) => Promise<readonly StoredFill[]> | readonly StoredFill[];
  trades: (date: string) => Promise<readonly StoredTrade[]> | readonly StoredTrade[];
}

/**
 * Judges `days` (oldest first) from `prior`, writes each day's conformance and engine state, and
 * answers the account with the state and summary of its last judged day when that day is at least
 * the account's latest (`replaceState`: the whole history was judged, so the account's state is the
 * last day's whatever it was).
 */
async function judgeStoredDays(
  account: StoredAccount,
  prior:
    { state: NonNullable<StoredPerformance['engineState']>; judgedBy: string | null } | undefined,
  days: readonly StoredPerformance[],
  activity: StoredDayActivity,
  judge: Judge,
  writer: BatchWriter,
  replaceState: boolean,
): Promise<StoredAccount> {
  let next: StoredAccount = account;
  if (replaceState) {
    const {
      engineState: _state,
      engineStateDate: _date,
      engineStateKey: _key,
      accountSummary: _summary,
      ...rest
    } = account;
    next = rest;
  }
  let state = prior;
  for (const day of days) {
    const [fills, trades] = await Promise.all([
      activity.fills(day.Date),
      activity.trades(day.Date),
    ]);
    const judged = await judge.judgeDay(account, state, {
      date: day.Date,
      performance: day,
      fills,
      trades,
    });
    for (const item of performanceRepository.dayItemsOf({
      ...day,
      conformance: judged?.conformance ?? null,
      engineState: judged?.state ?? null,
      judgedBy: judged?.judgedBy ?? null,
    })) {
      await writer.put(item);
    }
    state = judged ? { state: judged.state, judgedBy: judged.judgedBy } : undefined;
    if (
      judged &&
      (replaceState || account.engineStateDate === undefined || day.Date >= account.engineStateDate)
    ) {
      const summary = await judge.summaryRecord(
        account,
        judged,
        day.fileModifiedDate ?? new Date(0).toISOString(),
      );
      next = {
        ...next,
        engineState: judged.state,
        engineStateDate: day.Date,
        engineStateKey: judged.judgedBy,
        ...(summary && { accountSummary: summary, status: summary.accountStatus }),
      };
    }
  }
  return next;
}

/**
 * Re-judges an account's whole stored history from its first day under the program version it has
 * now, and stores the result: every day's conformance and state, then the account (conditionally, so
 * an account removed meanwhile is a 404). Every program upgrade (`PUT /api/accounts/{id}`, a
 * program's force update, Force All Update) and the account refresh go through here, so an upgraded
 * account keeps its trading days, peak and violations from before the upgrade. The caller holds the
 * sync lock. Answers the stored account and the number of days judged.
 */
export async function rejudgeAccount(
  account: StoredAccount,
  judge: Judge,
): Promise<{ account: StoredAccount; days: number }> {
  const history = await performanceRepository.listHistory(account.accountId);
  const writer = new BatchWriter();
  const next = await judgeStoredDays(
    account,
    undefined,
    history.days,
    {
      fills: (date) => history.fills.get(date) ?? [],
      trades: (date) => history.trades.get(date) ?? [],
    },
    judge,
    writer,
    true,
  );
  await writer.flush();
  return { account: await accountRepository.replace(next), days: history.days.length };
}

/**
 * Re-judges an account from `date` on with the rules in force now (spec 000 §7 regenerate): the state
 * of the day before is the starting point, each stored day is judged again in order, and the account's
 * summary follows the last one. It holds the sync lock, so it never interleaves with a sync run.
 */
export async function regenerateFrom(accountId: string, date: string): Promise<number> {
  const account = await accountRepository.get(accountId);
  if (!account) throw new NotFoundError(`Account ${accountId} not found`);
  return withSyncLock('regenerate', async () => {
    const { before, days } = await performanceRepository.listDaysFrom(accountId, date);
    if (days.length === 0)
      throw new NotFoundError(`No performance data for ${accountId} from ${date}`);
    const judge = await loadJudge();
    const writer = new BatchWriter();
    const prior = before?.engineState
      ? { state: before.engineState, judgedBy: before.judgedBy }
      : undefined;
    const next = await judgeStoredDays(
      account,
      prior,
      days,
      {
        fills: (day) => performanceRepository.listFills(accountId, day),
        trades: (day) => performanceRepository.listTrades(accountId, day),
      },
      judge,
      writer,
      false,
    );
    await writer.put(accountRepository.itemOf(next));
    await writer.flush();
    return days.length;
  });
}
