import type { AccountsOverview } from '@shared/accounts/accounts-overview';
import { aggregates } from '../lib/aggregates';
import { DASHBOARD_SCOPE } from '../lib/aggregates/account-aggregates';

const BROKER_STATUSES = ['Active', 'Inactive', 'Admin Only'] as const;

/**
 * All Accounts' overview card for every account (`GET /api/accounts/overview`) from the dashboard's
 * kept counters (functions/lib/aggregates/): one read of a few counter shards at any number of
 * accounts, the same figures a pass over every list row gives (`accountsOverview`, tested).
 */
export async function accountTotals(): Promise<AccountsOverview> {
  const counts = await aggregates.read(DASHBOARD_SCOPE);
  const total = counts.total ?? 0;
  const broker = (status: (typeof BROKER_STATUSES)[number]) => counts[`broker:${status}`] ?? 0;
  return {
    totalBalance: (counts.balanceCents ?? 0) / 100,
    total,
    active: broker('Active'),
    closed: broker('Inactive') + broker('Admin Only'),
    failed: counts['status:failed'] ?? 0,
    startingBalances: counts.startingBalances ?? 0,
    distribution: BROKER_STATUSES.map((status) => ({
      status,
      count: broker(status),
      percent: total === 0 ? 0 : Math.round((broker(status) / total) * 100),
    })),
  };
}
