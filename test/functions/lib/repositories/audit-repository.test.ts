import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import { auditKeys } from '../../../../functions/lib/db/keys';
import { getItem } from '../../../../functions/lib/db/table';
import { auditRepository } from '../../../../functions/lib/repositories/audit-repository';
import { AuditDateStats } from '../../../../functions/lib/repositories/audit-items';
import { auditListQuerySchema, type AuditListQueryInput } from '@shared/audit/audit-query';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { ingestAudit } from '../../../support/audit-trail';
import { useFreshTable } from '../../../support/fresh-table';

const dates = ['20260302', '20260303', '20260304'];
const accounts = ['ACC-1', 'ACC-2', 'ACC-3'];
const actions = ['NEW', 'FILL', 'CANCEL', 'REPLACE'];

/** 3 dates × 3 accounts × 40 events, with distinct timestamps so the order is total. */
const records: AuditTrailRecord[] = dates.flatMap((date, dateIndex) =>
  accounts.flatMap((accountNumber, accountIndex) =>
    Array.from({ length: 40 }, (_, index) => {
      const second = index * 3 + accountIndex;
      return {
        serverProcessDate: date,
        serverTimestamp: `2026-03-0${dateIndex + 2}T14:${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}.000-06:00`,
        accountNumber,
        action: actions[index % 4] as string,
        instrument: index % 2 ? 'ESH6' : 'NQH6',
        status: 'FILLED',
        serverTransactionNumber: `T${String(index).padStart(4, '0')}`,
      };
    }),
  ),
);

const byTime = (a: AuditTrailRecord, b: AuditTrailRecord) =>
  a.serverProcessDate.localeCompare(b.serverProcessDate) ||
  a.serverTimestamp.localeCompare(b.serverTimestamp);

function query(input: AuditListQueryInput) {
  return auditRepository.search(auditListQuerySchema.parse(input));
}

describe('auditRepository', () => {
  useFreshTable({ perTest: true });
  beforeEach(() => ingestAudit(records));

  it('summarizes the collection from the per-date stats', async () => {
    await expect(auditRepository.stats()).resolves.toEqual({
      totalRecords: 360,
      dateRange: { start: '20260302', end: '20260304' },
      accounts: 3,
      instruments: 2,
      actions: [
        { _id: 'CANCEL', count: 90 },
        { _id: 'FILL', count: 90 },
        { _id: 'NEW', count: 90 },
        { _id: 'REPLACE', count: 90 },
      ],
    });
  });

  it('serves page N of the whole trail newest first, with totals from the stats', async () => {
    const newestFirst = [...records].sort(byTime).reverse();

    const page3 = await query({ page: '3', pageSize: '50' });
    const last = await query({ page: '8', pageSize: '50' });

    expect(page3.meta).toMatchObject({ total: 360, page: 3, totalPages: 8 });
    expect(page3.data).toEqual(
      newestFirst.slice(100, 150).map((row) => expect.objectContaining(row)),
    );
    expect(last.data).toHaveLength(10);
    expect(last.meta.nextCursor).toBeUndefined();
  });

  it('sorts oldest first when asked', async () => {
    const page = await query({ page: '2', pageSize: '100', sortDirection: 'asc' });

    expect(page.data.map((row) => row.serverTimestamp)).toEqual(
      [...records]
        .sort(byTime)
        .slice(100, 200)
        .map((row) => row.serverTimestamp),
    );
  });

  it("resumes from the previous page's cursor exactly where page N+1 starts", async () => {
    const first = await query({ page: '1', pageSize: '25' });
    const byCursor = await query({ page: '2', pageSize: '25', cursor: first.meta.nextCursor });
    const byNumber = await query({ page: '2', pageSize: '25' });

    expect(byCursor.data).toEqual(byNumber.data);
  });

  it('narrows to one account and a date range', async () => {
    const page = await query({
      accountNumber: 'ACC-2',
      startDate: '20260303',
      endDate: '20260304',
      pageSize: '25',
      page: '2',
    });

    expect(page.meta).toMatchObject({ total: 80, totalPages: 4 });
    expect(
      page.data.every(
        (row) => row.accountNumber === 'ACC-2' && row.serverProcessDate >= '20260303',
      ),
    ).toBe(true);
    expect(page.data[0]?.serverProcessDate).toBe('20260304');
  });

  it('applies the other filters with exact totals and pages', async () => {
    const fills = [...records]
      .filter((row) => row.action === 'FILL' && row.instrument === 'ESH6')
      .sort(byTime)
      .reverse();

    const page = await query({ action: 'FILL', instrument: 'ESH6', page: '2', pageSize: '25' });

    expect(page.meta).toMatchObject({
      total: fills.length,
      totalPages: Math.ceil(fills.length / 25),
    });
    expect(page.data.map((row) => row.serverTimestamp)).toEqual(
      fills.slice(25, 50).map((row) => row.serverTimestamp),
    );
  });

  it('answers an empty page past the end and an empty trail for dates without data', async () => {
    await expect(query({ page: '99' })).resolves.toMatchObject({
      data: [],
      meta: { total: 360, page: 99 },
    });
    await expect(query({ startDate: '20250101', endDate: '20250102' })).resolves.toMatchObject({
      data: [],
      meta: { total: 0, totalPages: 0 },
    });
  });

  it('refuses a cursor that belongs to another query with a 400', async () => {
    const foreign = Buffer.from(
      JSON.stringify({ p: 0, k: JSON.stringify({ PK: 'X', SK: 'Y' }) }),
    ).toString('base64url');

    await expect(query({ accountNumber: 'ACC-1', cursor: foreign })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('deletes what matches the filters and recomputes the stats of the dates touched', async () => {
    const deleted = await auditRepository.deleteMatching(
      auditListQuerySchema.parse({
        accountNumber: 'ACC-3',
        startDate: '20260304',
        endDate: '20260304',
      }),
    );

    expect(deleted).toBe(40);
    const stats = await auditRepository.stats();
    expect(stats.totalRecords).toBe(320);
    expect((await query({ startDate: '20260304', endDate: '20260304' })).meta.total).toBe(80);
    expect((await query({ accountNumber: 'ACC-3' })).meta.total).toBe(80);
  });
});

describe('auditRepository stats stored in more than one shape', () => {
  useFreshTable({ perTest: true });

  /** A date's stats item as written before the accounts moved to pages: the accounts inline. */
  const inlineItem = (date: string, accountNumbers: string[]) => ({
    ...auditKeys.dateStats(date),
    date,
    total: accountNumbers.length,
    actions: { NEW: accountNumbers.length },
    accounts: accountNumbers,
    instruments: ['ESH6'],
    instrumentCounts: { ESH6: accountNumbers.length },
  });

  it('reads inline items of older data and paged items alike, and ignores stale pages', async () => {
    const paged = new AuditDateStats('20260303');
    const many = Array.from(
      { length: 9_000 },
      (_, index) => `ACC-${String(index).padStart(5, '0')}`,
    );
    many.forEach((accountNumber) =>
      paged.add({ accountNumber, action: 'FILL', instrument: 'NQH6' }),
    );
    const items = paged.items();
    expect(items.length).toBeGreaterThan(2);
    await batchPutAll([
      inlineItem('20260302', ['ACC-00001', 'OLD-1', 'OLD-2']),
      ...items,
      // A page left by an earlier, larger write of the date: past the head's count, never read.
      {
        ...auditKeys.dateAccounts('20260303', items.length - 1),
        date: '20260303',
        page: items.length - 1,
        accounts: ['STALE-1'],
      },
    ]);

    await expect(auditRepository.stats()).resolves.toEqual({
      totalRecords: 9_003,
      dateRange: { start: '20260302', end: '20260303' },
      accounts: 9_002,
      instruments: 2,
      actions: [
        { _id: 'FILL', count: 9_000 },
        { _id: 'NEW', count: 3 },
      ],
    });
  });

  it('rewrites a purged date as a head and pages', async () => {
    await ingestAudit(records);
    await auditRepository.deleteMatching({
      startDate: '20260302',
      endDate: '20260302',
      accountNumber: 'ACC-1',
    });
    const head = await getItem(auditKeys.dateStats('20260302'));
    expect(head).toMatchObject({ total: 80, accountCount: 2, accountPages: 1 });
    expect(head).not.toHaveProperty('accounts');
    await expect(getItem(auditKeys.dateAccounts('20260302', 0))).resolves.toMatchObject({
      accounts: ['ACC-2', 'ACC-3'],
    });
  });
});
