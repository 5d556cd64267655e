import type {
  PerformanceListResponse,
  PerformanceListRow,
} from '@shared/performance/performance-list';
import { accountRepository } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';

/**
 * `GET /api/performance/today` (spec 000 §2 Latest Performance): every account's figures of the
 * latest date with data, or of `asked` (another day), rows in the lists' group order
 * (phase, then Active, Inactive, Admin Only, then account id); the screen sorts inside groups. Three
 * reads: the latest date, then in parallel the date's partition (figures only) and the accounts'
 * groups (id, email, judged status, held breach and room to breach only). A day without data
 * answers no rows.
 */
export async function latestPerformance(asked?: string): Promise<PerformanceListResponse> {
  const [latestDate = null] = await performanceRepository.latestDates(1);
  const date = asked ?? latestDate;
  if (!date) return { success: true, data: [], meta: { date: null, latestDate } };
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
      status: member.status,
      ...(member.email && { traderEmail: member.email }),
      ...(member.heldSince && { heldSince: member.heldSince }),
      ...(member.room && { room: member.room }),
    });
  }
  return { success: true, data, meta: { date, latestDate } };
}
