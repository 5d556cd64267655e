import {
  DRAWDOWN_ATTENTION_SHARE,
  type AttentionData,
  type AttentionReason,
  type DashboardData,
  type DashboardRow,
} from '@shared/dashboard/dashboard-api';
import type { AttentionAccount } from '@shared/dashboard/dashboard';
import { isCloseToPassing } from '@shared/rules/account-summary';
import type { DashboardSource } from '../lib/repositories/account-repository';

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

/** Spec 001 §2.7 counts: every account, Active ones, by phase, completed (passed) and close to passing. */
export function dashboardDataOf(rows: readonly DashboardRow[]): DashboardData {
  const byPhase = (phase: DashboardRow['phase']) =>
    rows.filter((row) => row.phase === phase).length;
  return {
    totalAccounts: rows.length,
    activeAccounts: rows.filter((row) => row.rithmicStatus === 'Active').length,
    accountsByPhase: {
      evaluation: byPhase('evaluation'),
      'sim-funded': byPhase('sim-funded'),
      'live-funded': byPhase('live-funded'),
      demo: byPhase('demo'),
      completed: rows.filter((row) => row.accountStatus === 'passed').length,
    },
    closeToPassing: rows.filter((row) => row.closeToPassing).length,
    allAccounts: [...rows],
  };
}

const newestFirst = <T extends { date: string }>(a: T, b: T) =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : 0;

/** Violations in force (newest first) and the accounts needing attention, by account id. */
export function attentionDataOf(
  sources: readonly DashboardSource[],
  rows: readonly DashboardRow[],
): AttentionData {
  const ruleViolations: AttentionAccount[] = sources
    .filter((source) => (source.accountSummary?.activeViolations.length ?? 0) > 0)
    .map((source) => ({
      accountId: source.accountId,
      traderId: source.traderId,
      phase: source.phase,
      activeViolations: [...source.accountSummary!.activeViolations].sort(newestFirst),
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
  return { ruleViolations, needsAttention };
}
