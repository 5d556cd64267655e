import { batchPutAll } from '../lib/db/batch-writer';
import { accountDayOf } from '../lib/repositories/performance-items';
import { performanceRepository } from '../lib/repositories/performance-repository';

/**
 * Brings every stored account-day's daily summary row up to what the code keeps, from the judged days
 * themselves: writes the row of a day that has none (data judged before summary rows existed), and
 * adds `day` (what the account page reads) to a row stored before rows kept it. A row already
 * stored is otherwise left as it is: it carries what the judged day gave it (its Latest Performance
 * group and figures), and only `day` is added, so its counted figures and group do not move (the
 * batch writer's count of it is a marker read). Idempotent: a second run writes nothing.
 */
export async function backfillSummaryRows(): Promise<{ dates: number; rows: number }> {
  const dates = await performanceRepository.allDates();
  let rows = 0;
  for (const date of dates) {
    const stored = await performanceRepository.listSummaryRowItemsByDate(date);
    const storedAccounts = new Set(stored.map((item) => String(item.accountId)));
    const withoutDay = stored.filter((item) => item.day === undefined);
    // The date's accounts from the day index (keys only); the judged days of those without a row,
    // or with a row without `day`, read whole: the index does not hold what a row is computed from.
    const missing = (await performanceRepository.accountsOnDate(date)).filter(
      (accountId) => !storedAccounts.has(accountId),
    );
    const days = new Map(
      (
        await performanceRepository.getStoredDays(date, [
          ...missing,
          ...withoutDay.map((item) => String(item.accountId)),
        ])
      ).map((day) => [day.Account, day]),
    );
    const written = [
      ...missing.flatMap((accountId) => {
        const day = days.get(accountId);
        return day
          ? [performanceRepository.summaryRowItemOf(day, undefined, undefined, accountDayOf(day))]
          : [];
      }),
      ...withoutDay.flatMap((item) => {
        const day = days.get(String(item.accountId));
        return day ? [{ ...item, day: accountDayOf(day) }] : [];
      }),
    ];
    rows += await batchPutAll(written, { concurrency: 4 });
  }
  return { dates: dates.length, rows };
}
