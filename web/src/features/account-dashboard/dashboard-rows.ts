import type { AttentionReason, DashboardRow } from '@shared/dashboard/dashboard-api';
import type { AttentionAccount } from '@shared/dashboard/dashboard';
import type { AccountPhase } from '@shared/accounts/account';
import type { Violation } from '@shared/rules/conformance';
import {
  formatContracts,
  formatCount,
  formatDollars,
  formatRatioAsPercent,
} from '@shared/rules/value-format';
import { MISSING, formatNumber } from '@/lib/format';

/** How many accounts Top Performers lists. */
export const TOP_PERFORMERS = 20;

export const ATTENTION_REASON_LABELS: Record<AttentionReason, string> = {
  'close-to-passing': 'Close to passing',
  drawdown: 'Drawdown above 80% of limit',
  inactivity: 'Inactivity warning',
};

export interface ViolationRow extends Violation {
  accountId: string;
  traderId: string;
  phase: AccountPhase;
}

/** Every violation in force of the accounts read, one row each, newest first (then by account). */
export function violationRows(accounts: readonly AttentionAccount[]): ViolationRow[] {
  const rows: ViolationRow[] = [];
  for (const account of accounts) {
    for (const violation of account.activeViolations) {
      rows.push({
        ...violation,
        accountId: account.accountId,
        traderId: account.traderId,
        phase: account.phase,
      });
    }
  }
  return rows.sort(
    (a, b) => b.date.localeCompare(a.date) || a.accountId.localeCompare(b.accountId),
  );
}

/**
 * Top Performers: judged accounts still trading or passed, by profit-target progress, then total
 * profit; accounts that made nothing are left out.
 */
export function topPerformers(
  rows: readonly DashboardRow[],
  limit = TOP_PERFORMERS,
): DashboardRow[] {
  return rows
    .filter(
      (row) =>
        row.judged &&
        row.accountStatus !== 'failed' &&
        (row.profitTargetProgress > 0 || row.totalProfit > 0),
    )
    .sort(
      (a, b) =>
        b.profitTargetProgress - a.profitTargetProgress ||
        b.totalProfit - a.totalProfit ||
        a.accountId.localeCompare(b.accountId),
    )
    .slice(0, limit);
}

/** A rule's value or threshold in its category's unit; '-' when there is none. */
export function violationValueText(category: Violation['category'], value: number | null): string {
  if (value === null) return MISSING;
  switch (category) {
    case 'drawdown':
    case 'daily-loss':
    case 'profit-target':
      return formatDollars(value);
    case 'consistency':
      return formatRatioAsPercent(value);
    case 'trading-days':
    case 'inactivity':
      return formatCount(value);
    case 'position-size':
      return formatContracts(value);
    default:
      return formatNumber(value, 3);
  }
}
