import type { ListSort } from '@shared/common/list-page';
import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import type { DailySummarySort, DailySummaryTotals } from '@shared/summaries/daily-summary-query';
import { readAccountsSummaryTotals, readSummaryTotals } from '../lib/aggregates/summary-aggregates';
import { dailySummaryOrder, dailySummaryTotalsOf } from '../lib/daily-summary-rows';
import { accountRepository } from '../lib/repositories/account-repository';
import type { Page } from '../lib/db/paging';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { offsetOfCursor, pageOfSorted } from '../lib/sorted-page';

/**
 * The firm summary's totals of a date (rows, P&L, trades, accounts by status), from the kept
 * counters of the date's summary rows (functions/lib/aggregates/summary-aggregates.ts: every writer
 * counts the rows it stored after its flush): one Query of a few counter shards. A date whose rows
 * were stored before they were counted is summed from its rows.
 */
export async function firmSummaryTotals(date: string): Promise<DailySummaryTotals> {
  const kept = await readSummaryTotals(date);
  if (kept.rows > 0) return kept;
  // A date stored before its rows were counted (or without rows): its rows, read whole once.
  return dailySummaryTotalsOf(await performanceRepository.listSummaryRowsByDate(date));
}

/** A trader summary's totals: its accounts' kept counters summed (O(accounts), never the rows). */
export function traderSummaryTotals(accountIds: readonly string[]): Promise<DailySummaryTotals> {
  return readAccountsSummaryTotals(accountIds);
}

/** The trader summary's default order (newest date, then account id), which the merge reads by key. */
const isDefaultTraderOrder = (sort: ListSort<DailySummarySort> | undefined) =>
  sort === undefined || (sort.id === 'date' && sort.desc);

/**
 * One page of a trader's daily summary and its totals. In the default order (newest date first, then
 * account id) the page is a merge of the accounts' `SUMROW#` partitions read backwards: O(page) rows
 * a call. Another column is sorted here over the trader's rows (its accounts × days, ~300 bytes each;
 * docs/decisions.md, Scale), and the page is an offset into that order.
 */
export async function traderSummaryPage(
  traderId: string,
  query: { sort?: ListSort<DailySummarySort> | undefined; limit: number; cursor?: string },
): Promise<Page<DailySummaryRow> & { totals: DailySummaryTotals }> {
  const accountIds = await accountRepository.listIdsByTrader(traderId);
  const totals = traderSummaryTotals(accountIds);
  const asTrader = (row: DailySummaryRow) => ({ ...row, traderId });
  if (isDefaultTraderOrder(query.sort)) {
    const page = await performanceRepository.pageSummaryRowsByAccounts(accountIds, query);
    return { ...page, items: page.items.map(asTrader), totals: await totals };
  }
  const rows = (
    await Promise.all(
      accountIds.map((accountId) => performanceRepository.listSummaryRowsByAccount(accountId)),
    )
  )
    .flat()
    .map(asTrader)
    .sort(dailySummaryOrder(query.sort!));
  return { ...pageOfSorted(rows, query.limit, query.cursor), totals: await totals };
}

/** Whether a cursor is an offset into rows sorted here (`pageOfSorted`'s), not an index position. */
function isOffsetCursor(cursor: string | undefined): boolean {
  if (!cursor) return false;
  try {
    offsetOfCursor(cursor);
    return true;
  } catch {
    return false;
  }
}

/** The date's orders a key gives: the partition's own (account id), either way. */
const KEY_ORDERS = new Set<DailySummarySort>(['account', 'date']);

/**
 * One page of a date's firm summary and the date's totals (kept counters). In account id order (the
 * default; the date is the same on every row) the page is a bounded read of the date's `SUMDAY#`
 * partitions, by P&L of its `SUMPNL#` partitions (GSI3); another column is sorted here over the
 * date's rows (~300 bytes each), and the page is an offset into that order.
 */
export async function firmSummaryPage(
  date: string,
  query: { sort?: ListSort<DailySummarySort> | undefined; limit: number; cursor?: string },
): Promise<Page<DailySummaryRow> & { totals: DailySummaryTotals }> {
  const sort = query.sort;
  // A cursor of the whole-date read (an offset) goes on with that read.
  if (sort?.id === 'pnl' && !isOffsetCursor(query.cursor)) {
    const [page, totals] = await Promise.all([
      performanceRepository.pageSummaryRowsByPnl(date, {
        limit: query.limit,
        descending: sort.desc,
        cursor: query.cursor,
      }),
      firmSummaryTotals(date),
    ]);
    // Rows written before they were placed by P&L (GSI3) are read whole, as the other columns are.
    if (page.items.length > 0 || query.cursor || totals.rows === 0) return { ...page, totals };
  }
  if (sort === undefined || KEY_ORDERS.has(sort.id)) {
    const descending = sort?.id === 'account' && sort.desc;
    const [page, totals] = await Promise.all([
      performanceRepository.pageSummaryRowsByDate(date, {
        limit: query.limit,
        descending,
        ...(query.cursor && { cursor: query.cursor }),
      }),
      firmSummaryTotals(date),
    ]);
    return { ...page, totals };
  }
  const [rows, totals] = await Promise.all([
    performanceRepository.listSummaryRowsByDate(date),
    firmSummaryTotals(date),
  ]);
  const page = pageOfSorted(rows.sort(dailySummaryOrder(sort)), query.limit, query.cursor);
  return { ...page, totals };
}
