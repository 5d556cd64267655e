import type { Conformance } from '../conformance';
import { drawdownOfDay } from '../drawdown-day';
import type { PathDay } from './schema';

/** What a stored account-day offers to draw its path: the broker's figures and its conformance. */
export interface PathDaySource {
  Date: string;
  AcctBal: number;
  NetPnl: number;
  LowPnl?: number;
  conformance:
    | (Pick<Conformance, 'overallStatus' | 'rules' | 'newViolations'> &
        Partial<Pick<Conformance, 'drawdown' | 'profitTarget' | 'startingBalance'>>)
    | null;
}

/**
 * The account's path over its judged days, oldest first: end-of-day balance, the day's low, the
 * drawdown floor as it trailed and locked (through `drawdownOfDay`, the one reader every screen
 * uses), the target line, warning and breach markers, and the day's daily-loss figures. Days
 * without data (no rule judged) are left out; the chart joins the days around them.
 */
export function accountPath(days: readonly PathDaySource[]): PathDay[] {
  const ordered = [...days].sort((a, b) => a.Date.localeCompare(b.Date));
  const path: PathDay[] = [];
  let previousBalance: number | null = null;
  let wasLocked = false;
  for (const day of ordered) {
    const conformance = day.conformance;
    if (!conformance || conformance.rules.length === 0) continue;
    const drawdown = drawdownOfDay({ conformance, performance: day, previousBalance });
    previousBalance = day.AcctBal;
    const locked = drawdown?.locked ?? false;
    const hard = conformance.newViolations.filter((violation) => !violation.soft);
    const warned =
      conformance.newViolations.some((violation) => violation.soft) ||
      conformance.overallStatus === 'warning' ||
      conformance.rules.some((rule) => rule.outcome === 'ok' && rule.severity === 'warning');
    const loss = conformance.rules.find((rule) => rule.category === 'daily-loss');
    const target =
      conformance.profitTarget != null && conformance.startingBalance != null
        ? conformance.startingBalance + conformance.profitTarget
        : null;
    path.push({
      date: day.Date,
      balance: day.AcctBal,
      low: drawdown?.trough ?? null,
      floor: drawdown?.floorInForce ?? null,
      floorAfter: drawdown?.floor ?? null,
      locked,
      lockedToday: locked && !wasLocked,
      target: target === null ? null : Math.round(target * 100) / 100,
      marker: hard.length > 0 ? 'breach' : warned ? 'warning' : null,
      breaches: conformance.newViolations.map((violation) => violation.name),
      dailyLoss:
        loss && loss.currentValue !== null && loss.thresholdValue !== null
          ? {
              loss: loss.currentValue,
              limit: loss.thresholdValue,
              breached: loss.outcome === 'breached',
              warning: loss.outcome === 'ok' && loss.severity === 'warning',
            }
          : null,
    });
    wasLocked = locked;
  }
  return path;
}
