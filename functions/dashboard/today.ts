import {
  TODAY_LIST_SIZE,
  closestToBreach,
  worstPnl,
  type TodayData,
  type TodayRoom,
  type TodayRun,
} from '@shared/dashboard/today';
import type { SyncRun } from '@shared/sync/sync-run';
import { LISTS, dayScope } from '../lib/aggregates/account-aggregates';
import { aggregateKeys, readCounts, readIndexPage } from '../lib/aggregates/store';
import { getItems } from '../lib/db/table';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { LATEST_GROUPS, readLatestGroupCounts } from '../lib/aggregates/summary-aggregates';

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

/** The glance's short lists are pages of this many rows of the kept index lists. */
const SHORT = TODAY_LIST_SIZE;

type AccountRef = { accountId: string; traderId: string; name: string };

/** Who the given accounts are, from their rows of the dashboard's kept list (one batch read). */
async function refsOf(accountIds: readonly string[]): Promise<Map<string, AccountRef>> {
  const items = await getItems(accountIds.map((id) => aggregateKeys.indexItem(LISTS.accounts, id)));
  return new Map(
    items.map((item) => {
      const row = item.row as AccountRef;
      return [row.accountId, { accountId: row.accountId, traderId: row.traderId, name: row.name }];
    }),
  );
}

/**
 * The date's rows with the lowest NetPnl: the first rows of every group's NetPnl partitions (GSI2)
 * merged, twice the list's size so that ties at its end are ordered by account id as the list orders
 * them; a date whose rows were stored before they were placed in groups is read whole (a projection).
 */
async function lowestNetPnlOf(date: string): Promise<{ accountId: string; netPnl: number }[]> {
  const counts = await readLatestGroupCounts(date);
  if (!counts) {
    return (await performanceRepository.listFiguresByDate(date)).map((row) => ({
      accountId: row.Account,
      netPnl: row.NetPnl,
    }));
  }
  const groups = LATEST_GROUPS.filter((_, index) => counts[index]!.rows > 0).map(
    (group) => group.key,
  );
  const page = await performanceRepository.pageGroupRowsByDate(date, groups, {
    limit: 2 * SHORT,
    ascending: true,
  });
  return page.items.map((row) => ({ accountId: row.accountId, netPnl: row.latest.NetPnl }));
}

/** The day's losing accounts, worst first, and who they are: O(list) rows read. */
async function worstPnlOf(date: string) {
  const worst = worstPnl(await lowestNetPnlOf(date));
  const refs = await refsOf(worst.map((row) => row.accountId));
  return worst.flatMap((row) => {
    const ref = refs.get(row.accountId);
    return ref ? [{ ...ref, netPnl: row.netPnl }] : [];
  });
}

/**
 * Today at a glance from kept aggregates (functions/lib/aggregates): the latest data date, that
 * date's failed and passed counters and the first few of each list, the accounts with the least room
 * (the first page of their index list) and the day's worst P&L.
 */
export async function readToday(run: SyncRun | undefined): Promise<TodayData> {
  const [date = null] = await performanceRepository.latestDates(1);
  const lastRun = run ? todayRunOf(run) : null;
  const rooms = await readIndexPage<TodayRoom>(LISTS.closestToBreach, SHORT);
  if (date === null) {
    return {
      date,
      lastRun,
      failed: { count: 0, accounts: [] },
      passed: { count: 0, accounts: [] },
      closestToBreach: closestToBreach(rooms.items),
      worstPnl: [],
    };
  }
  const [counts, failed, passed, pnl] = await Promise.all([
    readCounts(dayScope(date)),
    readIndexPage<TodayData['failed']['accounts'][number]>(LISTS.failedOn(date), SHORT),
    readIndexPage<AccountRef>(LISTS.passedOn(date), SHORT),
    worstPnlOf(date),
  ]);
  return {
    date,
    lastRun,
    failed: { count: counts.failed ?? 0, accounts: failed.items },
    passed: { count: counts.passed ?? 0, accounts: passed.items },
    closestToBreach: closestToBreach(rooms.items),
    worstPnl: pnl,
  };
}
