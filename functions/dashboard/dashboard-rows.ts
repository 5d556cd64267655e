import type { DashboardData } from '@shared/dashboard/dashboard-api';
import type { Counts } from '../lib/aggregates/store';

/**
 * Spec 001 §2.7 counts from the kept `dashboard` counters (lib/aggregates/account-aggregates.ts):
 * every account, Active ones, by phase, completed (passed), close to passing, and the tabs' sizes.
 */
export function dashboardDataOf(counts: Counts): DashboardData {
  const count = (field: string) => counts[field] ?? 0;
  return {
    totalAccounts: count('total'),
    activeAccounts: count('broker:Active'),
    accountsByPhase: {
      evaluation: count('phase:evaluation'),
      'sim-funded': count('phase:sim-funded'),
      'live-funded': count('phase:live-funded'),
      demo: count('phase:demo'),
      completed: count('status:passed'),
    },
    closeToPassing: count('closeToPassing'),
    byStatus: {
      active: count('status:active'),
      passed: count('status:passed'),
      failed: count('status:failed'),
    },
    byBroker: {
      Active: count('broker:Active'),
      Inactive: count('broker:Inactive'),
      'Admin Only': count('broker:Admin Only'),
    },
    notJudged: count('notJudged'),
    violations: count('violations'),
    failures: count('failures'),
    needsAttention: count('needsAttention'),
  };
}
