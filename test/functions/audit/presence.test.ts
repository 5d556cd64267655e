import {
  auditRepository,
  repairAuditPresence,
} from '../../../functions/lib/repositories/audit-repository';
import { AuditDateStats, keepAuditPresence } from '../../../functions/lib/repositories/audit-items';
import { readCounts } from '../../../functions/lib/aggregates/store';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { auditRecords, expectedStats, ingestAudit } from '../../support/audit-trail';
import { useFreshTable } from '../../support/fresh-table';

/** Rows of one more account on one more instrument, on the first date only. */
const extra: AuditTrailRecord[] = auditRecords()
  .slice(0, 4)
  .map((row, index) => ({
    ...row,
    accountNumber: 'ACC-9',
    instrument: 'GCJ6',
    serverTransactionNumber: `X${index}`,
    orderNumber: `ORD-X-${index}`,
  }));

/** Stores rows and their dates' stats, and keeps their presence, as the sync's finish does. */
async function ingestAndKeep(rows: AuditTrailRecord[]): Promise<void> {
  await ingestAudit(rows);
  const byDate = new Map<string, AuditDateStats>();
  for (const row of rows) {
    const stats = byDate.get(row.serverProcessDate) ?? new AuditDateStats(row.serverProcessDate);
    stats.add(row);
    byDate.set(row.serverProcessDate, stats);
  }
  for (const stats of byDate.values()) await keepAuditPresence(stats.value());
}

describe('the audit overview’s distinct accounts and instruments, kept', () => {
  useFreshTable({ perTest: true });
  const rows = [...auditRecords(), ...extra];

  it('answers them from two counters, unchanged by a re-run of the same dates', async () => {
    await ingestAndKeep(rows);
    expect(await readCounts('audit')).toEqual({ accounts: 4, instruments: 4 });
    await expect(auditRepository.stats()).resolves.toEqual(expectedStats(rows));

    await ingestAndKeep(rows);
    expect(await readCounts('audit')).toEqual({ accounts: 4, instruments: 4 });
  });

  it('stops counting an account and an instrument a bulk delete leaves without rows', async () => {
    await ingestAndKeep(rows);
    expect(await auditRepository.deleteMatching({ accountNumber: 'ACC-9' })).toBe(extra.length);

    const remaining = auditRecords();
    await expect(auditRepository.stats()).resolves.toEqual(expectedStats(remaining));
    expect(await readCounts('audit')).toEqual({ accounts: 3, instruments: 3 });
    // A delete of some of an account's rows keeps it.
    await auditRepository.deleteMatching({
      accountNumber: 'ACC-1',
      startDate: '20260302',
      endDate: '20260302',
    });
    expect((await auditRepository.stats()).accounts).toBe(3);
  });

  it('reads rows stored before they were kept the old way, and counts them on repair', async () => {
    await ingestAudit(rows);
    await expect(auditRepository.stats()).resolves.toEqual(expectedStats(rows));
    expect(await readCounts('audit')).toEqual({});

    await repairAuditPresence();
    expect(await readCounts('audit')).toEqual({ accounts: 4, instruments: 4 });
    await expect(auditRepository.stats()).resolves.toEqual(expectedStats(rows));
  });
});
