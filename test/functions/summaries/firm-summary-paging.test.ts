import { batchPutAll } from '../../../functions/lib/db/batch-writer';
import { dailySummaryTotalsOf } from '../../../functions/lib/daily-summary-rows';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { handler } from '../../../functions/summaries/handler';
import { firmSummaryResponseSchema } from '@shared/summaries/daily-summary-query';
import { useFreshTable } from '../../support/fresh-table';
import { callerOf } from '../../support/http-events';
import { callers } from '../../support/callers';
import { everyPage, pageReader } from '../../support/paged-answers';
import { itemsRead } from '../../support/table-reads';

const firm = { method: 'GET', path: '/api/summaries/firm' } as const;
const call = callerOf(handler);

/**
 * A firm of 1,200 accounts on one date: summary rows written (and counted) as the sync writes them.
 * Six pages of 200, and far more rows than an O(page) read touches; small enough to seed quickly late
 * in the in-band jest run, where a 2,400-account seed of the same kind timed out at 120 s.
 */
const DATE = '20260303';
const ACCOUNTS = 1_200;

function summaryDay(index: number) {
  const pnl = ((index * 7919) % 2001) - 1000;
  return {
    Account: `EVAL50-${String(100_000 + index)}`,
    Date: DATE,
    traderId: `TR${String(index % 500).padStart(6, '0')}`,
    NetPnl: pnl,
    Trades: index % 13,
    AcctBal: 50_000 + pnl,
    conformance: null,
    engineState: null,
  };
}

const page = pageReader(
  (query) => call(firm, { claims: callers.admin, query }),
  (body) => firmSummaryResponseSchema.parse(body),
);

describe(`GET /api/summaries/firm at ${ACCOUNTS} accounts`, () => {
  useFreshTable({
    seed: async () => {
      const items = Array.from({ length: ACCOUNTS }, (_, index) =>
        performanceRepository.summaryRowItemOf(summaryDay(index)),
      );
      await batchPutAll([...items, performanceRepository.dateItemOf(DATE)], { concurrency: 8 });
    },
  });

  it('answers a bounded first page with a cursor, and the totals of the whole date', async () => {
    const first = await page({});

    expect(first.data).toHaveLength(200);
    expect(first.meta.nextCursor).toEqual(expect.any(String));
    const all = await performanceRepository.listSummaryRowsByDate(DATE);
    expect(first.meta.totals).toEqual(dailySummaryTotalsOf(all));
    expect(first.meta.totals?.rows).toBe(ACCOUNTS);
    expect(first.data.map((row) => row.accountId)).toEqual(
      all
        .map((row) => row.accountId)
        .sort()
        .slice(0, 200),
    );
  }, 60_000);

  it('pages through every row once, in account order or sorted by P&L on the server', async () => {
    const byAccount = await everyPage(page, { limit: '200' });
    expect(byAccount.map((row) => row.accountId)).toEqual(
      Array.from({ length: ACCOUNTS }, (_, index) => summaryDay(index).Account).sort(),
    );

    const byPnl = await everyPage(page, { sort: '-pnl' });
    expect(byPnl).toHaveLength(ACCOUNTS);
    expect(new Set(byPnl.map((row) => row.accountId)).size).toBe(ACCOUNTS);
    for (let index = 1; index < byPnl.length; index += 1) {
      expect(byPnl[index - 1]!.dailyPnl).toBeGreaterThanOrEqual(byPnl[index]!.dailyPnl);
    }
  }, 120_000);

  it('reads O(page) rows for a page by P&L, the totals from the kept counters', async () => {
    let first: Awaited<ReturnType<typeof page>> | undefined;
    const read = await itemsRead(async () => {
      first = await page({ sort: 'pnl', limit: '50' });
    });
    if (!first) throw new Error('no first page');
    expect(first.data).toHaveLength(50);
    const all = await performanceRepository.listSummaryRowsByDate(DATE);
    expect(first.meta.totals).toEqual(dailySummaryTotalsOf(all));
    // Ascending P&L, ties by account id: the first 50 of the whole date in that order.
    const expected = all
      .sort((a, b) => a.dailyPnl - b.dailyPnl || (a.accountId < b.accountId ? -1 : 1))
      .slice(0, 50);
    expect(first.data.map((row) => row.dailyPnl)).toEqual(expected.map((row) => row.dailyPnl));
    // The 16 write shards' share of the page with room to spare, and the 8 counter shards: not the
    // date's 1,200 rows.
    expect(read).toBeLessThan(50 + 16 * 7 + 8 + 60);
  }, 60_000);

  it('refuses a forged cursor, or one of another date or order, with a 400 naming cursor', async () => {
    const first = await page({});
    const sorted = await page({ sort: '-pnl' });
    const queries: Record<string, string>[] = [
      { cursor: 'not-a-cursor' },
      { cursor: first.meta.nextCursor!, date: '20260302' },
      { cursor: sorted.meta.nextCursor! },
      { cursor: first.meta.nextCursor!, sort: 'pnl' },
    ];
    for (const query of queries) {
      const answer = await call(firm, { claims: callers.admin, query });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('cursor');
    }
  }, 60_000);

  it('refuses a page larger than 200 rows (400 naming limit)', async () => {
    const answer = await call(firm, { claims: callers.admin, query: { limit: '201' } });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('limit');
  });
});
