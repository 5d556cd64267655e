import { batchPutAll } from '../lib/db/batch-writer';
import { performanceRepository } from '../lib/repositories/performance-repository';

/**
 * Writes the daily summary row of every stored account-day, from the judged days themselves: for
 * data judged before summary rows existed (a one-off after deploying them; the local stack runs it
 * once per data folder). Rewriting a row is harmless: its key is the account-day.
 */
export async function backfillSummaryRows(): Promise<{ dates: number; rows: number }> {
  const dates = await performanceRepository.allDates();
  let rows = 0;
  for (const date of dates) {
    const days = await performanceRepository.listSummaryDaysByDate(date);
    rows += await batchPutAll(
      days.map((day) => performanceRepository.summaryRowItemOf(day)),
      { concurrency: 4 },
    );
  }
  return { dates: dates.length, rows };
}
