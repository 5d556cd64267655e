import type { EngineState } from '@shared/rules/engine-state';
import type { HoldState, QualityFailure } from '@shared/rules/input-quality';
import type { BatchWriter } from '../db/batch-writer';
import type { StoredAccount } from '../repositories/account-items';
import * as performanceItems from '../repositories/performance-items';
import { type StoredPerformanceInput } from '../repositories/performance-items';
import { judgedDayEvents } from './events';
import type { Judge, JudgedDay } from './judge';
import { gateDay, withGatedFields } from './quality-gate';

/*
 * What a judged account-day does to the stored table, written once for the nightly sync
 * (functions/sync/judge-date.ts) and every re-judgement (rejudge.ts: refresh, reset, regenerate,
 * program upgrades, voids, a re-ingest's later days). Were the two written apart, a nightly sync and
 * a Refresh of the same days could leave the account differently.
 */

/** The state a day was judged to, as the next day starts from it. */
export type PriorState = { state: EngineState; judgedBy: string | null } | undefined;

/** The state a stored day left (the day before a re-judged date, or any judged day). */
export function priorOfDay(
  day: { engineState?: EngineState | null; judgedBy: string | null } | undefined,
): PriorState {
  return day?.engineState ? { state: day.engineState, judgedBy: day.judgedBy } : undefined;
}

/** The state an account keeps after its latest judged day. */
export function priorOfAccount(account: StoredAccount | undefined): PriorState {
  return account?.engineState
    ? { state: account.engineState, judgedBy: account.engineStateKey ?? null }
    : undefined;
}

/**
 * A day's stored items (its performance row and summary row) with what judged it, if anything. The
 * day keeps the Latest Performance group it was first listed in; a day without one (stored before
 * days had one) is listed under the group of the account judging it.
 */
export function judgedDayItems(
  day: Omit<StoredPerformanceInput, 'conformance' | 'engineState' | 'judgedBy'>,
  judged: JudgedDay | undefined,
  account?: Pick<StoredAccount, 'phase' | 'rithmicStatus'>,
) {
  const placement =
    day.placement ?? (account && { phase: account.phase, rithmicStatus: account.rithmicStatus });
  return performanceItems.dayItemsOf({
    ...day,
    ...(placement && { placement }),
    conformance: judged?.conformance ?? null,
    engineState: judged?.state ?? null,
    judgedBy: judged?.judgedBy ?? null,
  });
}

/** One judged day of an account and what the input-quality gate knows of it. */
export interface JudgedAccountDay {
  date: string;
  judged: JudgedDay;
  /** When the broker file that brought the day was modified: the summary's times, never the clock. */
  fileModified: string;
  /** The input-quality checks the day failed (quality-gate.ts). */
  failures: readonly QualityFailure[];
  /** A hold staff already decided for the day, which stands. */
  recorded: HoldState | undefined;
}

/** Options of {@link applyJudgedDay}. */
export interface ApplyOptions {
  /**
   * The account the summary carries its payout history and creation time from: the account as the
   * walk of days found it (by default the account given).
   */
  carriedFrom?: StoredAccount;
  /**
   * The account as it stood before the day (or before the re-judgement): what changed since is
   * announced (events.ts) with the day's items. Absent: nothing is announced (a day a re-judgement
   * walks through on its way to the latest).
   */
  announceFrom?: StoredAccount;
}

/**
 * The account after a judged day that is its latest: it takes the day's engine state and the key that
 * judged it, and its summary and status pass the input-quality gate, which may hold a breach (the
 * hold is written here). The events of the day are announced to the writer, which emits them once
 * the day's items are stored.
 */
export async function applyJudgedDay(
  account: StoredAccount,
  day: JudgedAccountDay,
  judge: Judge,
  writer: BatchWriter,
  options: ApplyOptions = {},
): Promise<StoredAccount> {
  const summary = await judge.summaryRecord(
    options.carriedFrom ?? account,
    day.judged,
    day.fileModified,
  );
  const next: StoredAccount = {
    ...account,
    engineState: day.judged.state,
    engineStateDate: day.date,
    engineStateKey: day.judged.judgedBy,
  };
  if (!summary) return next;
  const gated = gateDay(next, day.date, summary, day.failures, day.recorded, day.fileModified);
  if (gated.hold) await writer.put(gated.hold);
  const after = withGatedFields(next, gated);
  if (options.announceFrom) {
    const events = judgedDayEvents({
      date: day.date,
      judged: day.judged,
      before: options.announceFrom,
      after,
      held: gated.held,
      timeZone: await judge.timeZoneOf(after),
    });
    for (const event of events) writer.announce(event);
  }
  return after;
}
