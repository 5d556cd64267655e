import type { RuleCategory } from './rule-definition';

/*
 * Windows "since the last payout" (docs/rules-engine.md "Since the last payout"): in a payout-eligible
 * phase the consistency and trading-days benchmarks count only the days after the latest payout paid
 * before the day judged. The payouts are an input of each day (their dates, `DayInput.payoutDates`);
 * the state remembers the payout its window counts after (`payoutWindowAfter`), so a day judged alone
 * from the stored state before it gives the answer a judgement of the whole history gives.
 */

/** The rule categories whose sums restart after a payout. Drawdown, daily loss and the rest do not. */
export const PAYOUT_WINDOWED_CATEGORIES: ReadonlySet<RuleCategory> = new Set<RuleCategory>([
  'consistency',
  'trading-days',
]);

/**
 * The payout a day's window counts after: the latest of `payoutDates` strictly before `date` (a
 * payout dated on a trading day leaves that day in the old window), or null without one.
 */
export function latestPayoutBefore(
  payoutDates: readonly string[] | undefined,
  date: string,
): string | null {
  let latest: string | null = null;
  if (!payoutDates) return latest;
  for (const payout of payoutDates) {
    if (payout < date && (latest === null || payout > latest)) latest = payout;
  }
  return latest;
}
