import {
  TODAY_LIST_SIZE,
  closestToBreach,
  worstPnl,
  type TodayData,
  type TodayRoom,
  type TodayRun,
} from '@shared/dashboard/today';
import { roomToBreachOf, tightestRoom } from '@shared/rules/limit-distance';
import type { SyncRun } from '@shared/sync/sync-run';
import type { DashboardSource } from '../lib/repositories/account-repository';
import { decisiveBreachOf } from './dashboard-rows';

/** The latest run as the home shows it: status, refused rows, held breaches. */
export function todayRunOf(run: SyncRun): TodayRun {
  const summary = run.summary;
  return {
    runId: run.runId,
    trigger: run.trigger,
    status: run.status,
    dates: run.dates,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    ...(run.error !== undefined && { error: run.error }),
    rejectedRows: summary
      ? Object.values(summary.rejectedRecords).reduce((total, count) => total + count, 0)
      : null,
    heldBreaches: summary?.heldBreaches ?? null,
  };
}

const refOf = (source: DashboardSource) => ({
  accountId: source.accountId,
  traderId: source.traderId,
  name: source.name,
});

const byAccountId = (a: { accountId: string }, b: { accountId: string }) =>
  a.accountId.localeCompare(b.accountId);

/**
 * Today at a glance from what the home's one call read: every account's stored summary, the latest
 * run, the latest data date and that day's P&L per account.
 */
export function todayDataOf(input: {
  sources: readonly DashboardSource[];
  run: SyncRun | undefined;
  date: string | null;
  dayPnl: readonly { Account: string; NetPnl: number }[];
}): TodayData {
  const { sources, date } = input;
  const failed = sources
    .filter((source) => date !== null && source.accountSummary?.phaseFailedDate === date)
    .sort(byAccountId);
  const passed = sources
    .filter((source) => date !== null && source.accountSummary?.phasePassedDate === date)
    .sort(byAccountId);
  // Accounts still trading that the broker still trades, by the accounts list's own room to breach.
  const rooms: TodayRoom[] = sources.flatMap((source) => {
    const tightest = tightestRoom(roomToBreachOf(source.accountSummary));
    if (!tightest || source.rithmicStatus !== 'Active') return [];
    return [
      {
        ...refOf(source),
        phase: source.phase,
        limit: tightest.limit,
        room: tightest.room,
        roomShare: tightest.share,
      },
    ];
  });
  const byId = new Map(sources.map((source) => [source.accountId, source]));
  const pnl = input.dayPnl.flatMap((row) => {
    const source = byId.get(row.Account);
    return source ? [{ ...refOf(source), netPnl: row.NetPnl }] : [];
  });
  return {
    date,
    lastRun: input.run ? todayRunOf(input.run) : null,
    failed: {
      count: failed.length,
      accounts: failed.slice(0, TODAY_LIST_SIZE).map((source) => ({
        ...refOf(source),
        decisiveBreach: decisiveBreachOf(source),
      })),
    },
    passed: { count: passed.length, accounts: passed.slice(0, TODAY_LIST_SIZE).map(refOf) },
    closestToBreach: closestToBreach(rooms),
    worstPnl: worstPnl(pnl),
  };
}
