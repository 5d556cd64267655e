import type { ListSort } from '@shared/common/list-page';
import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import type { DailySummarySort, DailySummaryTotals } from '@shared/summaries/daily-summary-query';
import { readSummaryTotals } from '../lib/aggregates/summary-aggregates';
import { dailySummaryOrder, dailySummaryTotalsOf } from '../lib/daily-summary-rows';
import type { Page } from '../lib/db/paging';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { pageOfSorted } from '../lib/sorted-page';

/**
 * The firm summary's totals of a date (rows, P&L, trades, accounts by status), from the kept
 * counters of the date's summary rows (functions/lib/aggregates/summary-aggregates.ts: every writer
 * counts the rows it stored after its flush): one Query of a few counter shards.
 */
export function firmSummaryTotals(date: string): Promise<DailySummaryTotals> {
  return readSummaryTotals(date);
}

/** The trader summary's totals over the trader's rows (read anyway for the page). */
export function traderSummaryTotals(rows: readonly DailySummaryRow[]): DailySummaryTotals {
  return dailySummaryTotalsOf(rows);
}

/** The date's orders a key gives: the partition's own (account id), either way. */
const KEY_ORDERS = new Set<DailySummarySort>(['account', 'date']);

/**
 * One page of a date's firm summary and the date's totals. In account id order (the default; the
 * date is the same on every row) the page is one bounded Query of the date's partition; another
 * column is sorted here over the date's rows, and the page is an offset into that order.
 */
export async function firmSummaryPage(
  date: string,
  query: { sort?: ListSort<DailySummarySort> | undefined; limit: number; cursor?: string },
): Promise<Page<DailySummaryRow> & { totals: DailySummaryTotals }> {
  const sort = query.sort;
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
