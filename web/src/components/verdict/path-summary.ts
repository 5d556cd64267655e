import type { PathDay } from '@shared/rules/explain';
import { formatDate, formatMoney } from '@/lib/format';

/**
 * The text alternative of the path chart: where the balance went, where the floor trailed to and
 * locked, the target, and the days marked. Screen readers read it instead of the drawing.
 */
export function pathSummary(path: readonly PathDay[]): string {
  const first = path[0];
  const last = path.at(-1);
  if (!first || !last) return 'No judged day yet.';
  const parts = [
    `${path.length} judged day${path.length === 1 ? '' : 's'} from ${formatDate(first.date)} to ${formatDate(last.date)}.`,
    `End-of-day balance from ${formatMoney(first.balance)} to ${formatMoney(last.balance)}.`,
  ];
  const lows = path.flatMap((day) => (day.low === null ? [] : [day.low]));
  if (lows.length) parts.push(`Lowest intraday balance ${formatMoney(Math.min(...lows))}.`);
  if (first.floor !== null && last.floorAfter !== null) {
    const locked = path.find((day) => day.lockedToday);
    parts.push(
      `Drawdown floor from ${formatMoney(first.floor)} to ${formatMoney(last.floorAfter)}` +
        (locked ? `, locked on ${formatDate(locked.date)}.` : '.'),
    );
  }
  if (last.target !== null) parts.push(`Profit target line ${formatMoney(last.target)}.`);
  const breaches = path.filter((day) => day.marker === 'breach');
  const warnings = path.filter((day) => day.marker === 'warning');
  for (const day of breaches) {
    parts.push(`Breach on ${formatDate(day.date)}: ${day.breaches.join(', ')}.`);
  }
  if (warnings.length) {
    parts.push(`Warnings on ${warnings.map((day) => formatDate(day.date)).join(', ')}.`);
  }
  return parts.join(' ');
}

/** The text alternative of the daily-loss chart. */
export function dailyLossSummary(path: readonly PathDay[], date?: string): string {
  const days = path.filter((day) => day.dailyLoss !== null);
  if (days.length === 0) return 'No daily loss limit.';
  const limit = days.at(-1)!.dailyLoss!.limit;
  const worst = days.reduce((a, b) => (b.dailyLoss!.loss > a.dailyLoss!.loss ? b : a));
  const viewed = date ? days.find((day) => day.date === date) : undefined;
  return [
    `Daily loss limit ${formatMoney(limit)}.`,
    `Worst day ${formatDate(worst.date)} with a loss of ${formatMoney(worst.dailyLoss!.loss)}.`,
    ...(viewed
      ? [`On ${formatDate(viewed.date)} the loss was ${formatMoney(viewed.dailyLoss!.loss)}.`]
      : []),
    ...days
      .filter((day) => day.dailyLoss!.breached)
      .map((day) => `Limit reached on ${formatDate(day.date)}.`),
  ].join(' ');
}
