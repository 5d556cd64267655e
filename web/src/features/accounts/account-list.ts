import type { SortingState } from '@tanstack/react-table';
import { listStatusOf, type AccountListItem, type ListStatus } from '@shared/accounts/account';
import {
  accountsOverview,
  type AccountsOverview,
  type StatusShare,
} from '@shared/accounts/accounts-overview';
import { tightestRoom } from '@shared/rules/limit-distance';
import type { AccountListFilters } from '@/api/accounts';
import { toCsv } from '@/components/data-table/csv';
import {
  ROOM_COLUMN_ID,
  STATUS_PARAM,
  statusFilterOf,
} from '@/components/limit-distance/room-to-breach';
import { parseSorting } from '@/lib/url-state';

/**
 * What the server is asked for from the screen's URL: the search (`q`), the status filter
 * (`status`) and the order, closest to breach first under `?sort=room` (the other columns sort the
 * rows read so far), account id order otherwise. The route's loader and the screen read it alike.
 */
export function accountListFiltersOf(
  search: string,
  status: ListStatus | undefined,
  sorting: SortingState,
): AccountListFilters {
  const closestFirst = sorting[0]?.id === ROOM_COLUMN_ID && !sorting[0].desc;
  return { search: search.trim(), status, sort: closestFirst ? 'room' : 'accountId' };
}

/** The filters of a URL's search parameters (the route loader's view of `accountListFiltersOf`). */
export function accountListFiltersOfUrl(params: URLSearchParams): AccountListFilters {
  return accountListFiltersOf(
    params.get('q') ?? '',
    statusFilterOf(params.get(STATUS_PARAM)),
    parseSorting(params.get('sort'), [ROOM_COLUMN_ID]),
  );
}

export { accountsOverview, type AccountsOverview, type StatusShare };

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
