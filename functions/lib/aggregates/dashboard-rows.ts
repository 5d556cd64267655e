import { decisiveBreach } from '@shared/rules/decisive-breach';

/*
 * What the dashboard shows of one stored account: its row, its place on the attention lists and its
 * decisive breach. Computed per account when it is counted (account-aggregates.ts), so the kept
 * index lists hold exactly these rows.
 */
import type {
  AttentionData,
  AttentionReason,
  DashboardRow,
  FailedAccount,
} from '@shared/dashboard/dashboard-api';
import type { AttentionAccount } from '@shared/dashboard/dashboard';
import { isCloseToPassing } from '@shared/rules/account-summary';
import type { Violation } from '@shared/rules/conformance';
import type { DashboardSource } from '../repositories/account-repository';

/** The share of a drawdown limit in use above which an account needs attention. */
export const DRAWDOWN_ATTENTION_SHARE = 0.8;

/**
 * How much of its drawdown an account has used: the engine's figure for its last day with data
 * (decision 34, `drawdownOfDay` of shared/rules, the same the account page shows); null without a
 * drawdown rule or a summary, or for a summary stored before the engine kept it (re-judge to fill).
 */
function drawdownUsageOf(source: DashboardSource): number | null {
  return source.accountSummary?.drawdown?.usage ?? null;
}

/** An account as the dashboard lists it; an account never judged has the neutral figures. */
export function dashboardRowOf(source: DashboardSource): DashboardRow {
  const summary = source.accountSummary;
  const figures = {
    accountStatus: summary?.accountStatus ?? 'active',
    profitTargetAchieved: summary?.profitTargetAchieved ?? false,
    profitTargetProgress: summary?.profitTargetProgress ?? 0,
    consistencyRuleCompliant: summary?.consistencyRuleCompliant ?? true,
    trailingDrawdownCompliant: summary?.trailingDrawdownCompliant ?? true,
    activeRuleViolations: summary?.activeRuleViolations ?? 0,
    currentBalance: summary?.currentBalance ?? 0,
  } as const;
  return {
    ...figures,
    accountId: source.accountId,
    traderId: source.traderId,
    name: source.name,
    ...(source.email !== undefined && { email: source.email }),
    phase: source.phase,
    rithmicStatus: source.rithmicStatus,
    judged: summary !== undefined,
    closeToPassing: summary !== undefined && isCloseToPassing(figures),
    totalProfit: summary?.totalProfit ?? 0,
    currentDrawdown: summary?.currentDrawdown ?? 0,
    drawdownUsage: drawdownUsageOf(source),
    inactivityWarning: summary?.inactivityWarning ?? false,
    lastCalculationDate: summary?.lastCalculationDate ?? null,
  };
}

const newestFirst = <T extends { date: string }>(a: T, b: T) =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : 0;

/**
 * The breach that failed an account: the one its summary keeps, else (a summary stored before it was
 * kept) the hard violation of the failing day still in force; null when not failed or unknown.
 */
export function decisiveBreachOf(source: DashboardSource): Violation | null {
  const summary = source.accountSummary;
  if (!summary || summary.phaseFailedDate === null) return null;
  if (summary.decisiveBreach !== undefined) return summary.decisiveBreach;
  // A summary stored before it kept the decisive breach: the same choice over the breaches in force.
  return decisiveBreach({
    failedDate: summary.phaseFailedDate,
    violations: summary.activeViolations,
  });
}

/**
 * The violations the Rule Violations list shows of an account: those in force, and the breach that
 * failed it even after its day has passed (a single-day rule leaves `activeViolations` the next day;
 * a failed account must not drop off the list).
 */
function listedViolations(source: DashboardSource): Violation[] {
  const active = source.accountSummary?.activeViolations ?? [];
  const decisive = decisiveBreachOf(source);
  const kept =
    decisive === null ||
    active.some(
      (violation) => violation.ruleId === decisive.ruleId && violation.date === decisive.date,
    );
  return kept ? [...active] : [...active, decisive];
}

/** Every failed account with its decisive breach, the latest failure first, then by account. */
export function failuresOf(sources: readonly DashboardSource[]): FailedAccount[] {
  return sources
    .flatMap((source): FailedAccount[] => {
      const failedDate = source.accountSummary?.phaseFailedDate ?? null;
      if (failedDate === null || source.accountSummary?.accountStatus !== 'failed') return [];
      return [
        {
          accountId: source.accountId,
          traderId: source.traderId,
          name: source.name,
          phase: source.phase,
          failedDate,
          decisiveBreach: decisiveBreachOf(source),
        },
      ];
    })
    .sort(
      (a, b) =>
        newestFirst({ date: a.failedDate }, { date: b.failedDate }) ||
        (a.accountId < b.accountId ? -1 : 1),
    );
}

/** Violations in force or decisive (newest first), the accounts needing attention, the failures. */
export function attentionDataOf(
  sources: readonly DashboardSource[],
  rows: readonly DashboardRow[],
): AttentionData {
  const ruleViolations: AttentionAccount[] = sources
    .map((source) => ({ source, violations: listedViolations(source) }))
    .filter(({ violations }) => violations.length > 0)
    .map(({ source, violations }) => ({
      accountId: source.accountId,
      traderId: source.traderId,
      phase: source.phase,
      activeViolations: violations.sort(newestFirst),
    }))
    .sort(
      (a, b) =>
        newestFirst(a.activeViolations[0]!, b.activeViolations[0]!) ||
        (a.accountId < b.accountId ? -1 : 1),
    );
  const needsAttention = rows
    .map((row) => {
      const reasons: AttentionReason[] = [];
      if (row.closeToPassing) reasons.push('close-to-passing');
      if (row.drawdownUsage !== null && row.drawdownUsage > DRAWDOWN_ATTENTION_SHARE)
        reasons.push('drawdown');
      if (row.inactivityWarning) reasons.push('inactivity');
      return { row, reasons };
    })
    .filter(({ reasons }) => reasons.length > 0)
    .map(({ row, reasons }) => ({
      accountId: row.accountId,
      traderId: row.traderId,
      name: row.name,
      phase: row.phase,
      reasons,
      profitTargetProgress: row.profitTargetProgress,
      drawdownUsage: row.drawdownUsage,
      inactivityWarning: row.inactivityWarning,
    }))
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  return { ruleViolations, needsAttention, failures: failuresOf(sources) };
}
