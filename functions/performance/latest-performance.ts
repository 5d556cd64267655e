import type { ListSort } from '@shared/common/list-page';
import {
  accountPhaseSchema,
  listStatusOf,
  rithmicStatusSchema,
  type ListStatus,
} from '@shared/accounts/account';
import {
  performanceGroupKey,
  type PerformanceGroupCount,
  type PerformanceListQuery,
  type PerformanceListResponse,
  type PerformanceListRow,
  type PerformanceSort,
} from '@shared/performance/performance-list';
import { tightestRoom } from '@shared/rules/limit-distance';
import { accountRepository } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { compareOn, pageOfSorted } from '../lib/sorted-page';

/** Spec 000 §2: NetPnl descending until a header is clicked. */
const DEFAULT_SORT: ListSort<PerformanceSort> = { id: 'NetPnl', desc: true };

const byAccount = (left: PerformanceListRow, right: PerformanceListRow) =>
  left.Account < right.Account ? -1 : left.Account > right.Account ? 1 : 0;

/** The order of a group's rows: the column's, missing values last, ties by account id. */
function orderOf(sort: ListSort<PerformanceSort>) {
  if (sort.id === 'Account') {
    return (left: PerformanceListRow, right: PerformanceListRow) =>
      sort.desc ? byAccount(right, left) : byAccount(left, right);
  }
  if (sort.id === 'room') {
    return compareOn<PerformanceListRow>(
      (row) => tightestRoom(row.room)?.share,
      sort.desc,
      byAccount,
    );
  }
  const column = sort.id;
  return compareOn<PerformanceListRow>((row) => row[column], sort.desc, byAccount);
}

interface PerformanceGroup extends PerformanceGroupCount {
  key: string;
  list: PerformanceListRow[];
}

/**
 * Every account's row of `date` by group, in the lists' order (phase, then Active, Inactive, Admin
 * Only), `status` applied: the date's figures (GSI1 `DAY#<date>`, figures only) beside the accounts'
 * groups (id, email, judged status, held breach, room). This is the read the maintained counters and
 * a per-group index replace (docs/decisions.md, Scale): the answer is bounded, this read is not yet.
 */
async function latestPerformanceGroups(
  date: string,
  status: ListStatus | undefined,
): Promise<PerformanceGroup[]> {
  const [figures, members] = await Promise.all([
    performanceRepository.listFiguresByDate(date),
    accountRepository.listGroupMembers(),
  ]);
  const byAccountId = new Map(figures.map((row) => [row.Account, row]));
  const groups = new Map<string, PerformanceGroup>();
  for (const phase of accountPhaseSchema.options) {
    for (const rithmicStatus of rithmicStatusSchema.options) {
      const key = performanceGroupKey(phase, rithmicStatus);
      groups.set(key, { key, phase, rithmicStatus, rows: 0, list: [] });
    }
  }
  for (const member of members) {
    const figure = byAccountId.get(member.accountId);
    if (!figure) continue;
    const { Date: _date, ...figures } = figure;
    const row: PerformanceListRow = {
      ...figures,
      accountType: member.phase,
      rithmicStatus: member.rithmicStatus,
      status: member.status,
      ...(member.email && { traderEmail: member.email }),
      ...(member.heldSince && { heldSince: member.heldSince }),
      ...(member.room && { room: member.room }),
    };
    if (status !== undefined && listStatusOf(row) !== status) continue;
    const group = groups.get(performanceGroupKey(member.phase, member.rithmicStatus));
    group?.list.push(row);
  }
  return [...groups.values()].map((group) => ({ ...group, rows: group.list.length }));
}

/** Latest Performance's group counts of a date (`meta.groups`): the one function to rewire. */
export function latestPerformanceGroupCounts(groups: readonly PerformanceGroup[]) {
  return groups.map(({ phase, rithmicStatus, rows }) => ({ phase, rithmicStatus, rows }));
}

/**
 * `GET /api/performance/today` (spec 000 §2 Latest Performance): a page (≤ 200 rows) of the latest
 * date with data, or of `query.date`, sorted on the server (NetPnl descending by default; ties by
 * account id), of one group (`group`) or of every group in the lists' order; `status` filters. The
 * answer holds every group's count for the headers. A day without data answers no rows.
 */
export async function latestPerformance(
  query: PerformanceListQuery,
): Promise<PerformanceListResponse> {
  const [latestDate = null] = await performanceRepository.latestDates(1);
  const date = query.date ?? latestDate;
  const paging = { limit: query.limit };
  if (!date) {
    return { success: true, data: [], meta: { date: null, latestDate, groups: [], ...paging } };
  }
  const groups = await latestPerformanceGroups(date, query.status);
  const order = orderOf(query.sort ?? DEFAULT_SORT);
  const rows = groups
    .filter((group) => query.group === undefined || group.key === query.group)
    .flatMap((group) => group.list.sort(order));
  const page = pageOfSorted(rows, query.limit, query.cursor);
  return {
    success: true,
    data: page.items,
    meta: {
      date,
      latestDate,
      groups: latestPerformanceGroupCounts(groups),
      ...paging,
      ...(page.nextCursor && { nextCursor: page.nextCursor }),
    },
  };
}
