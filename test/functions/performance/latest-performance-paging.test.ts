import { batchPutAll } from '../../../functions/lib/db/batch-writer';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { handler } from '../../../functions/performance/handler';
import { performanceListResponseSchema } from '@shared/performance/performance-list';
import { accountOn } from '../../support/accounts';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers } from '../../support/callers';
import { everyPage, pageReader } from '../../support/paged-answers';
import { itemsRead } from '../../support/table-reads';

const today = { method: 'GET', path: '/api/performance/today' } as const;
const call = (query: Record<string, string>) =>
  invoke(handler, httpEvent(today, { claims: callers.admin, query }));

/**
 * 1,200 accounts on one date: most in Evaluation – Active, the rest spread over three groups. Enough
 * for several pages of every size and for the O(page) read to stand apart from a whole-date read,
 * small enough to seed quickly late in the in-band jest run (2,400 timed out there at 120 s).
 */
const DATE = '20260303';
const ACCOUNTS = 1_200;
const groupOf = (index: number) =>
  index % 8 === 0
    ? { phase: 'sim-funded' as const, rithmicStatus: 'Active' as const }
    : index % 8 === 1
      ? { phase: 'evaluation' as const, rithmicStatus: 'Inactive' as const }
      : index % 8 === 2
        ? { phase: 'demo' as const, rithmicStatus: 'Admin Only' as const }
        : { phase: 'evaluation' as const, rithmicStatus: 'Active' as const };
const accountId = (index: number) => `EVAL50-${String(100_000 + index)}`;
const netPnl = (index: number) => ((index * 7919) % 2001) - 1000;

const page = pageReader(call, (body) => performanceListResponseSchema.parse(body));

describe(`GET /api/performance/today at ${ACCOUNTS} accounts`, () => {
  useFreshTable({
    seed: async () => {
      const accounts = Array.from({ length: ACCOUNTS }, (_, index) =>
        accountRepository.itemOf({
          ...accountOn(accountId(index), undefined),
          ...groupOf(index),
          email: `trader${index}@example.com`,
        }),
      );
      // Each day listed in its account's group, as judging writes it (the batch writer counts it).
      const days = Array.from({ length: ACCOUNTS }, (_, index) =>
        performanceRepository.dayItemsOf({
          Account: accountId(index),
          Date: DATE,
          NetPnl: netPnl(index),
          AcctBal: 50_000 + netPnl(index),
          Trades: index % 9,
          conformance: null,
          engineState: null,
          judgedBy: null,
          placement: groupOf(index),
        }),
      ).flat();
      await batchPutAll([...accounts, ...days, performanceRepository.dateItemOf(DATE)], {
        concurrency: 8,
      });
    },
  });

  it('answers a bounded first page with a cursor, and every group counted', async () => {
    const first = await page({});

    expect(first.data).toHaveLength(200);
    expect(first.meta.nextCursor).toEqual(expect.any(String));
    const counts = Object.fromEntries(
      (first.meta.groups ?? []).map((group) => [
        `${group.phase}/${group.rithmicStatus}`,
        group.rows,
      ]),
    );
    expect(counts).toMatchObject({
      'evaluation/Active': ACCOUNTS - 3 * (ACCOUNTS / 8),
      'evaluation/Inactive': ACCOUNTS / 8,
      'sim-funded/Active': ACCOUNTS / 8,
      'demo/Admin Only': ACCOUNTS / 8,
      'live-funded/Active': 0,
    });
    // The default order: NetPnl descending inside the first group.
    expect(first.data.every((row) => row.accountType === 'evaluation')).toBe(true);
    const pnl = first.data.map((row) => row.NetPnl);
    expect(pnl).toEqual([...pnl].sort((a, b) => b - a));
  }, 60_000);

  it('reads O(page) items for a page of the default view, whatever the date holds', async () => {
    const read = await itemsRead(async () => {
      const first = await page({ limit: '50' });
      const second = await page({ limit: '50', cursor: first.meta.nextCursor! });
      expect(first.data).toHaveLength(50);
      expect(second.data).toHaveLength(50);
      // Both pages follow on in NetPnl order, no row twice.
      const pnl = [...first.data, ...second.data].map((row) => row.NetPnl);
      expect(pnl).toEqual([...pnl].sort((a, b) => b - a));
      expect(new Set([...first.data, ...second.data].map((row) => row.Account)).size).toBe(100);
    });
    // Two pages of 50: each the page's accounts, the 16 write shards' share with room to spare and
    // the counters; reading the date whole would be 2 × 1,200 figures and 2 × 1,200 accounts.
    expect(read).toBeLessThan(2 * (50 + 16 * 7 + 16 + 8 + 60));
  }, 60_000);

  it("reads only the group's rows for a group's view in another column's order", async () => {
    const inactive = ACCOUNTS / 8;
    const read = await itemsRead(async () => {
      const answer = await page({ group: 'evaluation-inactive', sort: '-Trades', limit: '50' });
      expect(answer.data).toHaveLength(50);
      expect(answer.meta.nextCursor).toEqual(expect.any(String));
      expect(answer.data.every((row) => row.rithmicStatus === 'Inactive')).toBe(true);
      // The kept counts head every group, the groups not read included.
      const demo = answer.meta.groups?.find(
        (group) => group.phase === 'demo' && group.rithmicStatus === 'Admin Only',
      );
      expect(demo?.rows).toBe(inactive);
    });
    // The group's 150 rows and their 150 accounts by key, and the counters; the date read whole
    // would be 1,200 figures and 1,200 accounts.
    expect(read).toBeLessThan(2 * inactive + 60);
  }, 60_000);

  it('keeps a row in the group its day was placed in, whatever the order', async () => {
    const moved = accountId(9); // placed in Evaluation – Inactive (9 % 8 === 1)
    const stored = (await accountRepository.get(moved))!;
    await accountRepository.replace({ ...stored, phase: 'sim-funded', rithmicStatus: 'Active' });
    try {
      for (const sort of ['-NetPnl', 'Account', '-AcctBal']) {
        const group = await everyPage(page, { group: 'evaluation-inactive', sort });
        expect(group.map((row) => row.Account)).toContain(moved);
      }
    } finally {
      await accountRepository.replace(stored);
    }
  }, 120_000);

  it('pages one group at a time, every row once, sorted on the server; totals equal a full read', async () => {
    const full = await everyPage(page, {});
    expect(full).toHaveLength(ACCOUNTS);

    const group = await everyPage(page, { group: 'evaluation-inactive', sort: 'Account' });
    const expected = Array.from({ length: ACCOUNTS }, (_, index) => index)
      .filter((index) => index % 8 === 1)
      .map(accountId);
    expect(group.map((row) => row.Account)).toEqual(expected);
    expect(group.every((row) => row.rithmicStatus === 'Inactive')).toBe(true);
    expect(group.length).toBe(
      full.filter((row) => row.accountType === 'evaluation' && row.rithmicStatus === 'Inactive')
        .length,
    );

    const active = await everyPage(page, { group: 'evaluation-active', sort: '-NetPnl' });
    expect(active).toHaveLength(ACCOUNTS - 3 * (ACCOUNTS / 8));
    expect(new Set(active.map((row) => row.Account)).size).toBe(active.length);
    for (let index = 1; index < active.length; index += 1) {
      expect(active[index - 1]!.NetPnl).toBeGreaterThanOrEqual(active[index]!.NetPnl);
    }
  }, 120_000);

  it('filters by status on the server, counts included', async () => {
    const failed = accountId(3);
    const stored = (await accountRepository.get(failed))!;
    await accountRepository.replace({ ...stored, status: 'failed' });

    const answer = await page({ status: 'failed' });

    expect(answer.data.map((row) => row.Account)).toEqual([failed]);
    expect(answer.meta.nextCursor).toBeUndefined();
    expect((answer.meta.groups ?? []).reduce((sum, group) => sum + group.rows, 0)).toBe(1);
  }, 60_000);

  it('refuses a forged cursor, an unknown group and too large a page (400 naming the field)', async () => {
    for (const [query, field] of [
      [{ cursor: 'bm90LWpzb24' }, 'cursor'],
      [{ cursor: Buffer.from('{"PK":"x"}').toString('base64url') }, 'cursor'],
      [{ cursor: Buffer.from('{"offset":-5}').toString('base64url') }, 'cursor'],
      [{ group: 'evaluation-closed' }, 'group'],
      [{ limit: '500' }, 'limit'],
      [{ sort: 'traderEmail' }, 'sort'],
    ] as const) {
      const answer = await call(query);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
  });
});
