import { batchPutAll } from '../../functions/lib/db/batch-writer';
import { AuditDateStats } from '../../functions/lib/repositories/audit-items';
import { auditRepository } from '../../functions/lib/repositories/audit-repository';
import type { AuditStats, AuditTrailRecord } from '@shared/audit/audit-trail';

export const AUDIT_DATES = ['20260302', '20260303', '20260304'];
const accounts = ['ACC-1', 'ACC-2', 'ACC-3'];
const actions = ['NEW', 'FILL', 'CANCEL', 'REPLACE'];
const instruments = ['ESH6', 'NQH6', 'CLJ6'];

/** 3 dates × 3 accounts × 30 events with distinct timestamps, so every order is total. */
export function auditRecords(): AuditTrailRecord[] {
  return AUDIT_DATES.flatMap((date, dateIndex) =>
    accounts.flatMap((accountNumber, accountIndex) =>
      Array.from({ length: 30 }, (_, index) => {
        const second = index * 3 + accountIndex;
        const minute = String(Math.floor(second / 60)).padStart(2, '0');
        return {
          serverProcessDate: date,
          serverTimestamp: `2026-03-0${dateIndex + 2}T14:${minute}:${String(second % 60).padStart(2, '0')}.000-06:00`,
          accountNumber,
          firmUserId: `USER-${accountIndex + 1}`,
          action: actions[index % 4] as string,
          instrument: instruments[index % 3] as string,
          status: index % 5 === 0 ? 'REJECTED' : 'FILLED',
          quantity: 1 + (index % 3),
          buySellIndicator: index % 2 ? 'B' : 'S',
          orderNumber: `ORD-${accountIndex}-${index}`,
          serverTransactionNumber: `T${String(index).padStart(4, '0')}`,
        };
      }),
    ),
  );
}

/** Stores rows and their dates' stats as the sync does. */
export async function ingestAudit(rows: AuditTrailRecord[]): Promise<void> {
  const stats = new Map<string, AuditDateStats>();
  for (const row of rows) {
    const dateStats = stats.get(row.serverProcessDate) ?? new AuditDateStats(row.serverProcessDate);
    dateStats.add(row);
    stats.set(row.serverProcessDate, dateStats);
  }
  await batchPutAll([
    ...rows.map((row) => auditRepository.itemOf(row)),
    ...[...stats.values()].flatMap((entry) => entry.items()),
  ]);
}

/** The overview a set of rows should have, computed independently of the repository. */
export function expectedStats(rows: AuditTrailRecord[]): AuditStats {
  const dates = rows.map((row) => row.serverProcessDate).sort();
  const counts = new Map<string, number>();
  rows.forEach((row) => counts.set(row.action, (counts.get(row.action) ?? 0) + 1));
  return {
    totalRecords: rows.length,
    dateRange: { start: dates[0] ?? null, end: dates.at(-1) ?? null },
    accounts: new Set(rows.map((row) => row.accountNumber)).size,
    instruments: new Set(rows.map((row) => row.instrument)).size,
    actions: [...counts]
      .map(([_id, count]) => ({ _id, count }))
      .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id)),
  };
}

/** Newest first by process date, then time: the default order. */
export function newestFirst(rows: AuditTrailRecord[]): AuditTrailRecord[] {
  return [...rows].sort(
    (a, b) =>
      b.serverProcessDate.localeCompare(a.serverProcessDate) ||
      b.serverTimestamp.localeCompare(a.serverTimestamp),
  );
}
