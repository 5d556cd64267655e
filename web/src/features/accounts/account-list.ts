import { listStatusOf, type AccountListItem, type RithmicStatus } from '@shared/accounts/account';
import { tightestRoom } from '@shared/rules/limit-distance';
import { toCsv } from '@/components/data-table/csv';

/**
 * Spec 000 §2, §5: a case-insensitive substring match on the account id, the name or the trader's
 * email; a blank search keeps every account.
 */
export function filterAccounts(
  rows: readonly AccountListItem[],
  search: string,
): AccountListItem[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...rows];
  return rows.filter(
    (row) =>
      row.accountId.toLowerCase().includes(needle) ||
      row.name.toLowerCase().includes(needle) ||
      (row.email ?? '').toLowerCase().includes(needle),
  );
}

export interface StatusShare {
  status: RithmicStatus;
  count: number;
  /** Rounded percentage of all accounts. */
  percent: number;
}

export interface AccountsOverview {
  /** Sum of the balances, signed. */
  totalBalance: number;
  total: number;
  active: number;
  /** Decision 25: not Active (Inactive or Admin Only). */
  closed: number;
  /** Decision 25: judged failed. */
  failed: number;
  /** Accounts never synced, counted in the total at their phase's starting balance. */
  startingBalances: number;
  distribution: StatusShare[];
}

/** The overview card's figures (spec 000 §2) over the given rows. */
export function accountsOverview(rows: readonly AccountListItem[]): AccountsOverview {
  let totalCents = 0;
  const counts: Record<RithmicStatus, number> = { Active: 0, Inactive: 0, 'Admin Only': 0 };
  let failed = 0;
  let startingBalances = 0;
  for (const row of rows) {
    if (row.balanceSource === 'starting') startingBalances += 1;
    // Summed in cents: ten thousand float additions would drift off the displayed cents.
    totalCents += Math.round((row.summary?.balance ?? 0) * 100);
    counts[row.rithmicStatus] += 1;
    if (row.status === 'failed') failed += 1;
  }
  const total = rows.length;
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

function roomCsv(row: AccountListItem): string[] {
  const tightest = tightestRoom(row.room);
  if (!tightest) return ['', '', ''];
  return [tightest.room.toFixed(2), tightest.share.toFixed(4), tightest.limit];
}

/**
 * All Accounts as CSV: the rows in the given order (the groups' order), the table's
 * columns plus the broker status and where the balance comes from; the balance and the room to
 * breach in USD as plain numbers with two decimals, the room's share as a fraction.
 */
export function accountsCsv(rows: readonly AccountListItem[]): string {
  return toCsv(
    [
      'Account ID',
      'Name',
      'Program',
      'Phase Type',
      'Status',
      'Broker Status',
      'Balance (USD)',
      'Balance Source',
      'Room to Breach (USD)',
      'Room to Breach (share)',
      'Tightest Limit',
      'Held Since',
      'Trader Email',
    ],
    rows.map((row) => [
      row.accountId,
      row.name,
      row.program?.name ?? '',
      row.phase,
      listStatusOf(row) ?? '',
      row.rithmicStatus,
      row.summary ? row.summary.balance.toFixed(2) : '',
      row.summary ? (row.balanceSource === 'starting' ? 'starting balance' : 'synced') : '',
      ...roomCsv(row),
      row.heldSince ?? '',
      row.email ?? '',
    ]),
  );
}
