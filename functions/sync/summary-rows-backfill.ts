import { batchPutAll } from '../lib/db/batch-writer';
import { performanceRepository } from '../lib/repositories/performance-repository';

/**
 * Writes the daily summary row of every stored account-day that has none, from the judged days
 * themselves: for data judged before summary rows existed (a one-off after deploying them; the local
 * stack runs it once per data folder). A row already stored is left as it is: it carries what the
 * judged day gave it (its Latest Performance group and figures), which the day's summary fields alone
 * do not.
 */
export async function backfillSummaryRows(): Promise<{ dates: number; rows: number }> {
  const dates = await performanceRepository.allDates();
  let rows = 0;
  for (const date of dates) {
    const stored = new Set(
      (await performanceRepository.listSummaryRowsByDate(date)).map((row) => row.accountId),
    );
    // The date's accounts from the day index (keys only), then the judged days of those without a
    // row, projected: the index does not hold the conformance a row is computed from.
    const missing = (await performanceRepository.accountsOnDate(date)).filter(
      (accountId) => !stored.has(accountId),
    );
    const days = await performanceRepository.getSummaryDays(date, missing);
    rows += await batchPutAll(
      days.map((day) => performanceRepository.summaryRowItemOf(day)),
      { concurrency: 4 },
    );
  }
  return { dates: dates.length, rows };
}
