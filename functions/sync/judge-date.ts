import type { DailyPerformanceRow } from '@shared/broker-files/rows';
import type { DayFill, DayTrade } from '@shared/rules/day-input';
import type { BatchWriter, OnRejected } from '../lib/db/batch-writer';
import type { Item } from '../lib/db/item';
import {
  applyJudgedDay,
  judgedDayItems,
  priorOfAccount,
  priorOfDay,
  type PriorState,
} from '../lib/judging/apply-day';
import type { Judge } from '../lib/judging/judge';
import type { QualityGate } from '../lib/judging/quality-gate';
import { mapLimit } from '../lib/map-limit';
import type { StoredAccount } from '../lib/repositories/account-items';
import * as performanceItems from '../lib/repositories/performance-items';
import { type DayPlacement } from '../lib/repositories/performance-items';
import { mismatchOfDay, reconciliationRepository } from './reconciliation';
import type { Tally } from './run-report';
import type { BrokerFile } from './s3-source';

/** Re-runs read each account's state before the first date; this many reads at once. */
export const STATE_READ_CONCURRENCY = 16;

/** What one date's files leave for the judgement. */
export interface DateActivity {
  performance: Map<string, { row: DailyPerformanceRow; file: BrokerFile; line: number }>;
  fills: Map<string, DayFill[]>;
  trades: Map<string, DayTrade[]>;
}

export interface JudgeContext {
  accounts: Map<string, StoredAccount>;
  changedAccounts: Set<string>;
  judge: Judge;
  writer: BatchWriter;
  tally: Tally;
  gate: QualityGate;
  /** Writes an item of the date (pipeline.ts keeps its key, so a re-ingest does not delete it). */
  putDated?: (item: Item, onRejected: OnRejected) => Promise<void>;
  /**
   * Told of an account whose prior state was judged before a payout dated before its day was
   * recorded (Judge.fitsPayouts): its stored days are judged again once the run's dates are through.
   */
  onStalePrior?: (accountId: string, date: string) => void;
  /** Reads into `accounts` the shard's accounts with data on `previousDate` (quality-gate.ts). */
  loadPrevious?: (previousDate: string) => Promise<void>;
}

/**
 * Judges every account that has a performance row on `date`, from the state after its previous day:
 * the state kept on the account when that is older than `date` (the nightly case), else the state
 * stored with the day before (a re-run). The account takes a judged day through `applyJudgedDay`,
 * as every re-judgement does.
 */
export async function judgeDate(
  date: string,
  activity: DateActivity,
  context: JudgeContext,
): Promise<void> {
  const { accounts, judge, writer, tally } = context;
  const priorStates = new Map<string, PriorState>();
  const rerun = [...activity.performance.keys()].filter((accountId) => {
    const account = accounts.get(accountId);
    return account?.engineStateDate !== undefined && account.engineStateDate >= date;
  });
  // A re-run keeps the Latest Performance group its day was first listed in, as a re-judge does.
  const placements = new Map<string, DayPlacement>();
  await mapLimit(rerun, STATE_READ_CONCURRENCY, async (accountId) => {
    const [before, placement] = await Promise.all([
      performanceItems.getDayBefore(accountId, date),
      performanceItems.getPlacement(accountId, date),
    ]);
    priorStates.set(accountId, priorOfDay(before));
    if (placement) placements.set(accountId, placement);
  });

  const priorOf = (accountId: string) =>
    priorStates.has(accountId)
      ? priorStates.get(accountId)
      : priorOfAccount(accounts.get(accountId));
  // The input-quality gate (quality-gate.ts): voided account-dates are skipped, suspect breaches held.
  const quality = await context.gate.forDate(
    date,
    activity.performance,
    activity.fills,
    accounts,
    priorOf,
    context.loadPrevious,
  );

  for (const [accountId, { row, file, line }] of activity.performance) {
    if (quality.voided(accountId)) continue;
    const account = accounts.get(accountId);
    if (!account) {
      tally.reject('daily-performance', {
        file: file.key,
        line,
        reason: `Account ${accountId} is not in any accounts file`,
      });
      continue;
    }
    if (context.onStalePrior && !(await judge.fitsPayouts(account, priorOf(accountId)))) {
      context.onStalePrior(accountId, date);
    }
    let judged;
    try {
      judged = await judge.judgeDay(account, priorOf(accountId), {
        date,
        performance: row,
        fills: activity.fills.get(accountId) ?? [],
        trades: activity.trades.get(accountId) ?? [],
      });
    } catch (error) {
      tally.reject('daily-performance', {
        file: file.key,
        line,
        reason: `The day could not be judged: ${(error as Error).message}`,
      });
      continue;
    }
    const placement = placements.get(accountId);
    const day = {
      ...row,
      traderId: account.traderId,
      fileModifiedDate: file.lastModified,
      ...(placement && { placement }),
    };
    for (const item of judgedDayItems(day, judged, account)) await writer.put(item);
    // The broker's liquidation floor beside the engine's (reconciliation.ts).
    const mismatch =
      judged &&
      (await mismatchOfDay({
        accountId,
        traderId: account.traderId,
        date,
        row,
        judged,
        prior: priorOf(accountId),
        previousMismatch: (previousDate) => reconciliationRepository.get(accountId, previousDate),
      }));
    if (mismatch) {
      const item = reconciliationRepository.itemOf(mismatch);
      const refused: OnRejected = (reason) =>
        tally.reject('daily-performance', {
          file: file.key,
          line,
          reason: `The floor mismatch could not be stored: ${reason}`,
        });
      await (context.putDated ? context.putDated(item, refused) : writer.put(item, refused));
    }
    const latest = account.engineStateDate === undefined || date >= account.engineStateDate;
    let next: StoredAccount = {
      ...account,
      summary: { balance: row.CashBal ?? row.AcctBal, equity: row.AcctBal },
    };
    if (judged && latest) {
      next = await applyJudgedDay(
        next,
        {
          date,
          judged,
          fileModified: file.lastModified,
          failures: quality.failures(accountId),
          recorded: quality.recorded(accountId),
        },
        judge,
        writer,
        { announceFrom: account },
      );
    }
    accounts.set(accountId, next);
    context.changedAccounts.add(accountId);
    if (judged) tally.judgedAccount(accountId, account.status, next.status);
  }
}
