import type { ListSort } from '@shared/common/list-page';
import {
  accountPhaseSchema,
  listStatusOf,
  rithmicStatusSchema,
  type ListStatus,
} from '@shared/accounts/account';
import { performanceGroupKey } from '@shared/performance/performance-group';
import {
  type PerformanceGroupCount,
  type PerformanceListQuery,
  type PerformanceListResponse,
  type PerformanceListRow,
  type PerformanceSort,
} from '@shared/performance/performance-list';
import { tightestRoom } from '@shared/rules/limit-distance';
import * as z from 'zod';
import { LATEST_GROUPS, readLatestGroupCounts } from '../lib/aggregates/summary-aggregates';
import { INVALID_CURSOR } from '../lib/db/paging';
import { ValidationError } from '../lib/errors';
import { accountRepository } from '../lib/repositories/account-repository';
import {
  performanceRepository,
  type LatestPerformanceRow,
} from '../lib/repositories/performance-repository';
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
 * Only), `status` applied: the date's figures (GSI4 `DAY#<date>`, figures only) beside the accounts'
 * groups (id, email, judged status, held breach, room). The read of a date whose rows were stored
 * before they were placed in groups (docs/decisions.md, Scale): the answer is bounded, this read is
 * the date's.
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

/** Latest Performance's group counts of a view read whole (`meta.groups`). */
export function latestPerformanceGroupCounts(groups: readonly PerformanceGroup[]) {
  return groups.map(({ phase, rithmicStatus, rows }) => ({ phase, rithmicStatus, rows }));
}

const groupCursorSchema = z.object({ g: z.number().int().min(0), c: z.string().optional() });

function decodeGroupCursor(cursor: string | undefined) {
  if (!cursor) return { g: 0 };
  try {
    return groupCursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new ValidationError(INVALID_CURSOR, [{ field: 'cursor', message: INVALID_CURSOR }]);
  }
}

const encodeGroupCursor = (position: { g: number; c?: string | undefined }) =>
  Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');

/**
 * One page of the view in NetPnl order from the groups' partitions (GSI2, by NetPnl): the groups
 * asked (one, or every group in the lists' order), skipping the empty ones by their counts, each read
 * from where the cursor stands; then the page's accounts by key for their email, status, hold and
 * room. O(page) items read whatever the firm's size.
 */
async function indexedPage(
  date: string,
  counts: readonly PerformanceGroupCount[],
  query: PerformanceListQuery,
  ascending: boolean,
): Promise<{ items: PerformanceListRow[]; nextCursor?: string }> {
  const asked = LATEST_GROUPS.map((group, index) => ({
    ...group,
    index,
    rows: counts[index]!.rows,
  }))
    .filter((group) => query.group === undefined || group.key === query.group)
    .filter((group) => group.rows > 0);
  const start = decodeGroupCursor(query.cursor);
  const rows: LatestPerformanceRow[] = [];
  let next: { g: number; c?: string } | undefined;
  for (const group of asked) {
    if (group.index < start.g) continue;
    if (rows.length >= query.limit) {
      next = { g: group.index };
      break;
    }
    const page = await performanceRepository.pageGroupRowsByDate(date, [group.key], {
      limit: query.limit - rows.length,
      cursor: group.index === start.g ? start.c : undefined,
      ascending,
    });
    rows.push(...page.items);
    if (page.nextCursor) {
      next = { g: group.index, c: page.nextCursor };
      break;
    }
  }
  return {
    items: await listRowsOf(rows),
    ...(next && { nextCursor: encodeGroupCursor(next) }),
  };
}

/**
 * Summary rows as the list shows them: the day's figures in the group the day was placed in, beside
 * what the account is now (email, judged status, held breach, room), read by key.
 */
async function listRowsOf(rows: readonly LatestPerformanceRow[]): Promise<PerformanceListRow[]> {
  const members = await accountRepository.getGroupMembers(rows.map((row) => row.accountId));
  return rows.map(({ accountId, phase, rithmicStatus, latest }) => {
    const member = members.get(accountId);
    return {
      Account: accountId,
      ...latest,
      accountType: phase,
      rithmicStatus,
      ...(member?.status && { status: member.status }),
      ...(member?.email && { traderEmail: member.email }),
      ...(member?.heldSince && { heldSince: member.heldSince }),
      ...(member?.room && { room: member.room }),
    };
  });
}

/**
 * The view's groups from their partitions (GSI2), for an order no index gives or a status filter:
 * the non-empty groups the view needs read whole (the one asked; every group under a status filter,
 * whose headers count the matching rows), their accounts by key, filtered here. O(those groups' rows),
 * so a group's own view reads one group, not the date; rows stay in the group of their placement,
 * as the NetPnl order lists them.
 */
async function placedGroups(
  date: string,
  counts: readonly PerformanceGroupCount[],
  query: PerformanceListQuery,
): Promise<PerformanceGroup[]> {
  const read = LATEST_GROUPS.filter(
    (group, index) =>
      counts[index]!.rows > 0 &&
      (query.status !== undefined || query.group === undefined || group.key === query.group),
  ).map((group) => group.key);
  const rows = await listRowsOf(
    read.length > 0 ? await performanceRepository.listGroupRowsByDate(date, read) : [],
  );
  return LATEST_GROUPS.map(({ key, phase, rithmicStatus }, index) => {
    const list = rows.filter(
      (row) =>
        performanceGroupKey(row.accountType, row.rithmicStatus) === key &&
        (query.status === undefined || listStatusOf(row) === query.status),
    );
    // Without a filter the header counts are the kept ones, groups not read included.
    return {
      key,
      phase,
      rithmicStatus,
      list,
      rows: query.status ? list.length : counts[index]!.rows,
    };
  });
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
  const sort = query.sort ?? DEFAULT_SORT;
  const answer = (
    page: { items: PerformanceListRow[]; nextCursor?: string | undefined },
    groups: PerformanceGroupCount[],
  ): PerformanceListResponse => ({
    success: true,
    data: page.items,
    meta: {
      date,
      latestDate,
      groups,
      ...paging,
      ...(page.nextCursor && { nextCursor: page.nextCursor }),
    },
  });
  // A date whose rows are placed in groups (kept counts): the view's default (every status, by NetPnl)
  // reads the groups' NetPnl partitions, O(page) items; another order or a status filter reads the
  // groups it needs. A date stored before rows were placed reads the date whole (docs/decisions.md, Scale).
  const kept = await readLatestGroupCounts(date);
  if (kept && query.status === undefined && sort.id === 'NetPnl') {
    return answer(await indexedPage(date, kept, query, !sort.desc), kept);
  }
  const groups = kept
    ? await placedGroups(date, kept, query)
    : await latestPerformanceGroups(date, query.status);
  const order = orderOf(sort);
  const rows = groups
    .filter((group) => query.group === undefined || group.key === query.group)
    .flatMap((group) => group.list.sort(order));
  return answer(
    pageOfSorted(rows, query.limit, query.cursor),
    latestPerformanceGroupCounts(groups),
  );
}
