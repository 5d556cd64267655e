import { displayDate } from '@shared/common/display-date';
import { statusOfState } from '@shared/rules/account-summary';
import { countAccount } from '../aggregates/account-aggregates';
import { BatchWriter } from '../db/batch-writer';
import { NotFoundError } from '../errors';
import {
  accountItemOf,
  getAccount,
  replaceAccount,
  type StoredAccount,
} from '../repositories/account-items';
import * as performanceItems from '../repositories/performance-items';
import {
  type AccountHistory,
  type StoredFill,
  type StoredPerformance,
  type StoredTrade,
} from '../repositories/performance-items';
import { RuleBook } from './rule-book';
import { qualityRepository } from '../repositories/quality-repository';
import { Judge, ProgramCatalog } from './judge';
import { withSyncLock } from './lock';
import { storedDayFailures } from './quality-gate';
import {
  applyJudgedDay,
  judgedDayItems,
  priorOfAccount,
  priorOfDay,
  type PriorState,
} from './apply-day';

/** A judge with the current programs and rule definitions, loaded once for a batch of accounts. */
export async function loadJudge(): Promise<Judge> {
  const [catalog, rules] = await Promise.all([ProgramCatalog.load(), RuleBook.load()]);
  return new Judge(catalog, rules);
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
  prior: PriorState,
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
    // The whole history is judged again: the status starts where a new account's does.
    next = days.length > 0 ? { ...rest, status: 'active' } : rest;
  }
  // The input-quality gate holds a breach here as in the sync (quality-gate.ts); holds staff released
  // stay released, held ones stay held.
  const { statusHold: _hold, ...unheld } = next;
  if (replaceState) next = unheld;
  const recorded = new Map(
    (days.length > 0 ? await qualityRepository.listHoldsOfAccount(account.accountId) : []).map(
      (hold) => [hold.date, hold.state],
    ),
  );
  // A walk that reaches the account's newest judged day applies every day in order, as the nightly
  // sync did (so the input-quality gate holds a suspect day's breach here too); one that stops short
  // of it leaves the account's state and status alone.
  const walksToLatest =
    replaceState ||
    account.engineStateDate === undefined ||
    (days.at(-1)?.Date ?? '') >= account.engineStateDate;
  const first = days[0]?.Date;
  const heldBeforeWalk =
    next.statusHold !== undefined && first !== undefined && next.statusHold.date < first;
  if (!replaceState && walksToLatest && first !== undefined && !heldBeforeWalk) {
    // Re-walking days already judged: the walk starts from the status of the day before (the engine
    // state's failed or passed date), and the days it walks decide their holds again.
    const { statusHold: _held, ...rest } = next;
    next = { ...rest, status: statusOfState(prior?.state) };
  }
  let state = prior;
  for (const day of days) {
    const [fills, trades] = await Promise.all([
      activity.fills(day.Date),
      activity.trades(day.Date),
    ]);
    const failures = storedDayFailures(
      day,
      fills.map((fill) => fill.FillTime),
      state,
    );
    const judged = await judge.judgeDay(account, state, {
      date: day.Date,
      performance: day,
      fills,
      trades,
    });
    for (const item of judgedDayItems(day, judged, account)) await writer.put(item);
    state = judged ? { state: judged.state, judgedBy: judged.judgedBy } : undefined;
    if (judged && walksToLatest) {
      // Only the walk's last day announces, against the account before the walk: the days on the
      // way were announced when they were first judged (docs/decisions.md, judging events).
      const announceFrom = day === days.at(-1) ? account : undefined;
      const judgedDay = {
        date: day.Date,
        judged,
        fileModified: day.fileModifiedDate ?? new Date(0).toISOString(),
        failures,
        recorded: recorded.get(day.Date),
      };
      // The summary carries payouts and creation from the account the walk began with.
      next = await applyJudgedDay(next, judgedDay, judge, writer, {
        carriedFrom: account,
        announceFrom,
      });
    }
  }
  return next;
}

/**
 * A writer that keeps nothing: what a re-judgement would write (each day's conformance, state and
 * holds) and the events it would announce are dropped, so a preview walks exactly the days an upgrade walks and leaves the table as it
 * was.
 */
export class DiscardingWriter extends BatchWriter {
  override put(): Promise<void> {
    return Promise.resolve();
  }

  override delete(): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing is stored, so nothing is announced. */
  override announce(): void {}
}

/**
 * The account after its whole stored `history` is judged again from the first day under the program
 * version it is attached to now: the one walk of days both a program upgrade (`rejudgeAccount`) and
 * the impact preview of an unsaved version (program-impact.ts) take, so the two cannot disagree.
 * What the walk writes goes to `writer`; the account itself is not stored.
 */
export function rejudgeHistory(
  account: StoredAccount,
  history: AccountHistory,
  judge: Judge,
  writer: BatchWriter,
): Promise<StoredAccount> {
  return judgeStoredDays(
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
  const history = await performanceItems.listHistory(account.accountId);
  const writer = new BatchWriter();
  const next = await rejudgeHistory(account, history, judge, writer);
  await writer.flush();
  return { account: await replaceAccount(next), days: history.days.length };
}

/**
 * Re-judges an account's stored days from `date` on, in order, from the state of the day before, and
 * answers the account with the state, summary and balance of its latest stored day: what a sync does
 * after re-ingesting `date` (a corrected or re-sent file) for an account with later stored days. If
 * the account's latest judged day is gone (the corrected file dropped it), its whole history is
 * judged again, so its state is that of the day now last. The caller holds the sync lock and flushes
 * the writer.
 */
export async function rejudgeStoredFrom(
  account: StoredAccount,
  date: string,
  judge: Judge,
  writer: BatchWriter,
): Promise<StoredAccount> {
  const { accountId } = account;
  const [{ before, days }, activity] = await Promise.all([
    performanceItems.listDaysFrom(accountId, date),
    performanceItems.listActivityFrom(accountId, date),
  ]);
  const last = days.at(-1) ?? before;
  const stored: StoredDayActivity = {
    fills: (day) => activity.fills.get(day) ?? [],
    trades: (day) => activity.trades.get(day) ?? [],
  };
  const lostLatest =
    account.engineStateDate !== undefined && (last?.Date ?? '') < account.engineStateDate;
  // A state judged before a payout dated before its day was recorded: its windows since the last
  // payout are wrong, so the walk starts from the first day.
  const stale = !(await judge.fitsPayouts(account, priorOfDay(before)));
  const history = lostLatest || stale ? await performanceItems.listHistory(accountId) : undefined;
  const next = history
    ? await rejudgeHistory(account, history, judge, writer)
    : await judgeStoredDays(account, priorOfDay(before), days, stored, judge, writer, false);
  return last
    ? { ...next, summary: { balance: last.CashBal ?? last.AcctBal, equity: last.AcctBal } }
    : next;
}

/**
 * Re-judges an account from `date` on with the rules in force now (spec 000 §7 regenerate): the state
 * of the day before is the starting point, each stored day is judged again in order, and the account's
 * summary follows the last one. It holds the sync lock, so it never interleaves with a sync run.
 */
export async function regenerateFrom(accountId: string, date: string): Promise<number> {
  const account = await getAccount(accountId);
  if (!account) throw new NotFoundError(`Account ${accountId} not found`);
  return withSyncLock('regenerate', async () => {
    const { before, days } = await performanceItems.listDaysFrom(accountId, date);
    if (days.length === 0)
      throw new NotFoundError(`No performance data for ${accountId} from ${displayDate(date)}`);
    const judge = await loadJudge();
    if (!(await judge.fitsPayouts(account, priorOfDay(before)))) {
      // The day before was judged before a payout dated earlier was recorded: from the first day.
      return (await rejudgeAccount(account, judge)).days;
    }
    const writer = new BatchWriter();
    const next = await judgeStoredDays(
      account,
      priorOfDay(before),
      days,
      {
        fills: (day) => performanceItems.listFills(accountId, day),
        trades: (day) => performanceItems.listTrades(accountId, day),
      },
      judge,
      writer,
      false,
    );
    await writer.put(accountItemOf(next));
    await writer.flush();
    await countAccount(next);
    return days.length;
  });
}

/**
 * After a payout is paid (it entered the account summary's `payoutHistory`): when it is dated before
 * the account's latest judged day, the days after it were judged in the window before it, so the
 * account is judged again from its first day; otherwise the next judged day opens the window and
 * nothing is done. Holds the sync lock. Answers the number of days judged again.
 */
export async function rejudgeAfterPayout(accountId: string): Promise<number> {
  return withSyncLock('payout', () => rejudgeIfStale(accountId));
}

async function rejudgeIfStale(accountId: string): Promise<number> {
  const account = await getAccount(accountId);
  if (!account) throw new NotFoundError(`Account ${accountId} not found`);
  const judge = await loadJudge();
  if (await judge.fitsPayouts(account, priorOfAccount(account))) return 0;
  return (await rejudgeAccount(account, judge)).days;
}
