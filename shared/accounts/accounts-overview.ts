import * as z from 'zod';
import { rithmicStatusSchema, type AccountListItem, type RithmicStatus } from './account';

/** One broker status's share of the accounts (spec 000 §2 distribution bar). */
export const statusShareSchema = z.object({
  status: rithmicStatusSchema,
  count: z.number().int().min(0),
  /** Rounded percentage of all accounts. */
  percent: z.number().min(0),
});
export type StatusShare = z.infer<typeof statusShareSchema>;

/**
 * All Accounts' overview card (spec 000 §2): the signed total balance, the counts and the broker
 * status distribution; `GET /api/accounts/overview` answers it for every account.
 */
export const accountsOverviewSchema = z.object({
  /** Sum of the balances, signed. */
  totalBalance: z.number(),
  total: z.number().int().min(0),
  active: z.number().int().min(0),
  /** Decision 25: not Active (Inactive or Admin Only). */
  closed: z.number().int().min(0),
  /** Decision 25: judged failed. */
  failed: z.number().int().min(0),
  /** Accounts never synced, counted in the total at their phase's starting balance. */
  startingBalances: z.number().int().min(0),
  distribution: z.array(statusShareSchema),
});
export type AccountsOverview = z.infer<typeof accountsOverviewSchema>;

/** The overview card's figures (spec 000 §2) over the given rows. */
export function accountsOverview(
  rows: Iterable<Pick<AccountListItem, 'balanceSource' | 'summary' | 'rithmicStatus' | 'status'>>,
): AccountsOverview {
  let totalCents = 0;
  const counts: Record<RithmicStatus, number> = { Active: 0, Inactive: 0, 'Admin Only': 0 };
  let failed = 0;
  let startingBalances = 0;
  let total = 0;
  for (const row of rows) {
    total += 1;
    if (row.balanceSource === 'starting') startingBalances += 1;
    // Summed in cents: ten thousand float additions would drift off the displayed cents.
    totalCents += Math.round((row.summary?.balance ?? 0) * 100);
    counts[row.rithmicStatus] += 1;
    if (row.status === 'failed') failed += 1;
  }
  return {
    totalBalance: totalCents / 100,
    total,
    active: counts.Active,
    closed: counts.Inactive + counts['Admin Only'],
    failed,
    startingBalances,
    distribution: (['Active', 'Inactive', 'Admin Only'] as const).map((status) => ({
      status,
      count: counts[status],
      percent: total === 0 ? 0 : Math.round((counts[status] / total) * 100),
    })),
  };
}
