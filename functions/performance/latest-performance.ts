import type {
  PerformanceListResponse,
  PerformanceListRow,
} from '@shared/performance/performance-list';
import { accountRepository } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';

/**
 * `GET /api/performance/today` (spec 000 §2 Latest Performance): every account's figures of the
 * latest date with data, rows in the lists' group order (phase, then Active, Inactive, Admin Only,
 * then account id); the screen sorts inside groups. Three reads: the latest date, then in parallel the
 * date's partition (figures only) and the accounts' groups (id and email only).
 */
export async function latestPerformance(): Promise<PerformanceListResponse> {
  const [date] = await performanceRepository.latestDates(1);
  if (!date) return { success: true, data: [], meta: { date: null } };
  const [figures, members] = await Promise.all([
    performanceRepository.listFiguresByDate(date),
    accountRepository.listGroupMembers(),
  ]);
  const byAccount = new Map(figures.map((row) => [row.Account, row]));
  const data: PerformanceListRow[] = [];
  for (const member of members) {
    const row = byAccount.get(member.accountId);
    if (!row) continue;
    const { Date: _date, ...figure } = row;
    data.push({
      ...figure,
      accountType: member.phase,
      rithmicStatus: member.rithmicStatus,
      ...(member.email && { traderEmail: member.email }),
    });
  }
  return { success: true, data, meta: { date } };
}
