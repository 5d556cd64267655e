import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import { performanceRepository } from '../../../../functions/lib/repositories/performance-repository';
import { useFreshTable } from '../../../support/fresh-table';

const dates = Array.from(
  { length: 30 },
  (_, index) => `202603${String(index + 1).padStart(2, '0')}`,
);

function performance(account: string, date: string, index: number) {
  return {
    Account: account,
    Date: date,
    NetPnl: index * 10,
    AcctBal: 50_000 + index * 10,
    Trades: index % 3,
    traderId: 'T1',
  };
}

describe('performanceRepository', () => {
  useFreshTable();

  beforeAll(async () => {
    await batchPutAll([
      ...dates.map((date, index) =>
        performanceRepository.performanceItemOf(performance('A1', date, index)),
      ),
      ...dates
        .slice(0, 3)
        .map((date, index) =>
          performanceRepository.performanceItemOf(performance('A2', date, index)),
        ),
      ...dates.map((date) => performanceRepository.dateItemOf(date)),
      performanceRepository.fillItemOf({
        Account: 'A1',
        Date: '20260305',
        Symbol: 'ESH6',
        Side: 'B',
        FillPrice: 5000.25,
        FillSize: 1,
        FillId: 'F1',
        FillTime: '2026-03-05T09:31:00.000-06:00',
      }),
      performanceRepository.tradeItemOf({
        Account: 'A1',
        Date: '20260305',
        Symbol: 'ESH6',
        FillId: 'F2',
        Pnl: 50,
      }),
      performanceRepository.symbolItemOf({
        Account: 'A1',
        Date: '20260305',
        Symbol: 'ESH6',
        NetPnl: 45,
      }),
      performanceRepository.symbolItemOf({
        Account: 'A1',
        Date: '20260306',
        Symbol: 'NQH6',
        NetPnl: 5,
      }),
    ]);
  });

  it("lists an account's days newest first across pages, without engine state", async () => {
    const first = await performanceRepository.listByAccount('A1', { limit: 20 });
    const second = await performanceRepository.listByAccount('A1', {
      limit: 20,
      cursor: first.nextCursor,
    });

    const listed = [...first.items, ...second.items].map((day) => day.Date);
    expect(listed).toEqual([...dates].reverse());
    expect(second.nextCursor).toBeUndefined();
    expect(first.items[0]).not.toHaveProperty('engineState');
    expect(first.items[0]).toMatchObject({ conformance: null, traderId: 'T1' });
  });

  it('lists every account of one date through GSI1', async () => {
    const day = await performanceRepository.listByDate('20260302');

    expect(day.map((entry) => entry.Account)).toEqual(['A1', 'A2']);
  });

  it("answers an account-day with its trades and symbols, and only that day's", async () => {
    const detail = await performanceRepository.getDayDetail('A1', '20260305');

    expect(detail?.performance).toMatchObject({ Date: '20260305', NetPnl: 40 });
    expect(detail?.trades.map((trade) => trade.FillId)).toEqual(['F2']);
    expect(detail?.symbols.map((symbol) => symbol.Symbol)).toEqual(['ESH6']);
    await expect(performanceRepository.getDayDetail('A1', '20260401')).resolves.toBeUndefined();
  });

  it('lists the fills of an account-day', async () => {
    await expect(performanceRepository.listFills('A1', '20260305')).resolves.toMatchObject([
      { FillId: 'F1', Side: 'B', FillPrice: 5000.25 },
    ]);
    await expect(performanceRepository.listFills('A1', '20260306')).resolves.toEqual([]);
  });

  it('reads the days from a date on, with the day before it', async () => {
    const { before, days } = await performanceRepository.listDaysFrom('A1', '20260328');

    expect(before?.Date).toBe('20260327');
    expect(days.map((day) => day.Date)).toEqual(['20260328', '20260329', '20260330']);
  });

  it('has no day before the first one', async () => {
    const { before, days } = await performanceRepository.listDaysFrom('A1', '20260301');

    expect(before).toBeUndefined();
    expect(days).toHaveLength(30);
  });

  it('answers the latest dates with data, newest first', async () => {
    await expect(performanceRepository.latestDates(3)).resolves.toEqual([
      '20260330',
      '20260329',
      '20260328',
    ]);
  });
});
