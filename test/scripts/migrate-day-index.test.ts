import { batchPutAll } from '../../functions/lib/db/batch-writer';
import { dayKeys, gsi1ShardOf, traderKeys } from '../../functions/lib/db/keys';
import type { Item } from '../../functions/lib/db/table';
import { performanceRepository } from '../../functions/lib/repositories/performance-repository';
import { qualityRepository } from '../../functions/lib/repositories/quality-repository';
import { main, migrateDayIndex } from '../../scripts/migrate-day-index';
import { scanAll, useFreshTable } from '../support/fresh-table';

const DATE = '20260310';
const OTHER_DATE = '20260311';
const accounts = Array.from({ length: 40 }, (_, index) => `ACC-${String(index).padStart(3, '0')}`);

const day = (accountId: string, date: string, index: number) => ({
  Account: accountId,
  Date: date,
  NetPnl: index * 10 - 100,
  AcctBal: 50_000 + index,
  Trades: index % 4,
  traderId: 'T1',
});

/** A performance item as it was stored before GSI4: its date's keys in GSI1. */
function legacyItemOf(accountId: string, date: string, index: number): Item {
  const {
    GSI4PK: _pk,
    GSI4SK: _sk,
    ...item
  } = performanceRepository.performanceItemOf(day(accountId, date, index));
  return {
    ...item,
    GSI1PK: `DAY#${date}#${gsi1ShardOf(accountId)}`,
    GSI1SK: `ACCOUNT#${accountId}`,
  };
}

/** Stored before GSI4 (most), after it (a few), with the items the migration must leave alone. */
async function seed() {
  await batchPutAll([
    ...accounts.map((accountId, index) =>
      index % 10 === 0
        ? performanceRepository.performanceItemOf(day(accountId, DATE, index))
        : legacyItemOf(accountId, DATE, index),
    ),
    ...accounts.slice(0, 5).map((accountId, index) => legacyItemOf(accountId, OTHER_DATE, index)),
    ...accounts.map((accountId, index) =>
      performanceRepository.summaryRowItemOf(day(accountId, DATE, index)),
    ),
    { ...traderKeys.profile('T1'), ...traderKeys.profileIndex('T1'), traderId: 'T1' },
    performanceRepository.dateItemOf(DATE),
  ]);
}

const perfItems = async () =>
  (await scanAll()).filter((item) => String(item.SK).startsWith(dayKeys.performancePrefix));
const othersOf = async () =>
  (await scanAll()).filter((item) => !String(item.SK).startsWith(dayKeys.performancePrefix));

describe('scripts/migrate-day-index (embedded DynamoDB)', () => {
  useFreshTable({ perTest: true, seed });

  it('moves every performance item from GSI1 to GSI4, resuming from its cursor, and leaves the rest', async () => {
    const others = await othersOf();
    // Before: a date's readers see only the items written with GSI4 keys.
    await expect(qualityRepository.countDaysOfDate(DATE)).resolves.toBe(4);

    // A run stopped after two pages, then resumed from the cursor it printed.
    const first = await migrateDayIndex({ pageSize: 10, maxPages: 2 });
    expect(first.cursor).toBeDefined();
    expect(first.updated).toBeGreaterThan(0);
    const rest = await migrateDayIndex({ pageSize: 10, cursor: first.cursor });
    expect(rest.cursor).toBeUndefined();
    // Every legacy item moved exactly once (36 of DATE, 5 of OTHER_DATE).
    expect(first.updated + rest.updated).toBe(41);

    for (const item of await perfItems()) {
      expect(item).toMatchObject(dayKeys.performanceIndex(String(item.Account), String(item.Date)));
      expect(item).not.toHaveProperty('GSI1PK');
      expect(item).not.toHaveProperty('GSI1SK');
    }
    expect(await othersOf()).toEqual(others);

    // The readers of a date see it whole, through the day index alone.
    await expect(performanceRepository.accountsOnDate(DATE)).resolves.toEqual(accounts);
    await expect(qualityRepository.countDaysOfDate(DATE)).resolves.toBe(40);
    await expect(qualityRepository.countDaysOfDate(OTHER_DATE)).resolves.toBe(5);
    const figures = await performanceRepository.listFiguresByDate(DATE);
    expect(figures.map((row) => [row.Account, row.NetPnl])).toEqual(
      accounts.map((accountId, index) => [accountId, index * 10 - 100]),
    );

    // A re-run finds nothing left to move.
    const again = await migrateDayIndex();
    expect(again).toMatchObject({ matched: 0, updated: 0, skipped: 0 });
  });

  it('with --keep-gsi1 adds the GSI4 keys and keeps GSI1, which the later full run removes', async () => {
    const before = await perfItems();
    const kept = await migrateDayIndex({ keepGsi1: true });
    expect(kept.updated).toBe(41);
    const after = await perfItems();
    for (const item of after) {
      expect(item).toMatchObject(dayKeys.performanceIndex(String(item.Account), String(item.Date)));
      const was = before.find((old) => old.PK === item.PK && old.SK === item.SK);
      expect(item.GSI1PK).toBe(was?.GSI1PK);
    }
    await expect(migrateDayIndex({ keepGsi1: true })).resolves.toMatchObject({ updated: 0 });
    await expect(migrateDayIndex()).resolves.toMatchObject({ updated: 41 });
    expect((await perfItems()).some((item) => 'GSI1PK' in item)).toBe(false);
  });

  it('runs from the command line and refuses what it does not know', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await expect(main(['--what'])).resolves.toBe(2);
      await expect(main([])).resolves.toBe(0);
      expect(log).toHaveBeenCalledWith(expect.stringContaining('41 performance items moved'));
      await expect(main(['--cursor', 'not-a-cursor'])).rejects.toThrow();
    } finally {
      error.mockRestore();
      log.mockRestore();
    }
  });
});
