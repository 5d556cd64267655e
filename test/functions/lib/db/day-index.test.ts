import { createRulesEngine, type DayInput } from '@shared/rules';
import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import { DAY_INDEX_ATTRIBUTES } from '@shared/performance/performance-list';
import { dayKeys } from '../../../../functions/lib/db/keys';
import { queryAll, type Item } from '../../../../functions/lib/db/table';
import { tableDefinition } from '../../../../functions/lib/db/table-definition';
import {
  listFiguresSchema,
  performanceItemOf,
} from '../../../../functions/lib/repositories/performance-items';
import { performanceRepository } from '../../../../functions/lib/repositories/performance-repository';
import { accountDays, benchDefinitions, benchPhase } from '../../../../scripts/bench/engine-data';
import { failedAccountDay } from '../../../../scripts/bench/failed-account';
import { itemSize } from '../../../support/item-size';
import { useFreshTable } from '../../../support/fresh-table';

/*
 * A date's performance items are read through GSI4, which projects the keys and the list's figures
 * only; GSI1 (every attribute) no longer holds them. What a date's readers pay per account-day, and
 * what the index stores, is the projection's size, not the judged day's.
 */

/** The performance item of an account's `days`-th day, judged by the bench phase. */
function judgedDayItem(accountId: string, days: readonly DayInput[]): Item {
  const engine = createRulesEngine({ phase: benchPhase, definitions: benchDefinitions });
  let state = engine.initialState();
  let judged = engine.evaluateDay(state, days[0]!);
  for (const day of days) {
    judged = engine.evaluateDay(state, day);
    state = judged.state;
  }
  const last = days.at(-1)!;
  return performanceItemOf({
    Account: accountId,
    Date: last.date,
    ...last.performance!,
    traderId: 'T1',
    conformance: judged.conformance,
    engineState: judged.state,
    judgedBy: 'BENCH#1#evaluation-1',
  });
}

/** What GSI4 stores of an item: the table's and the index's keys and the projected attributes. */
function projected(item: Item): Item {
  const kept = new Set<string>(['PK', 'SK', 'GSI4PK', 'GSI4SK', ...DAY_INDEX_ATTRIBUTES]);
  return Object.fromEntries(Object.entries(item).filter(([name]) => kept.has(name)));
}

const typical = judgedDayItem('ACC-TYPICAL', accountDays(0).slice(0, 30));
const failed = judgedDayItem(
  'ACC-FAILED',
  Array.from({ length: 250 }, (_, index) => failedAccountDay(index)),
);

describe('the day index (GSI4)', () => {
  it('projects every figure Latest Performance lists, and the local table declares it so', () => {
    expect(DAY_INDEX_ATTRIBUTES).toEqual(
      expect.arrayContaining(Object.keys(listFiguresSchema.shape)),
    );
    const index = tableDefinition('t').GlobalSecondaryIndexes?.find(
      (gsi) => gsi.IndexName === 'GSI4',
    );
    expect(index?.Projection).toEqual({
      ProjectionType: 'INCLUDE',
      NonKeyAttributes: [...DAY_INDEX_ATTRIBUTES],
    });
  });

  it('keys a performance item in GSI4 only, not in GSI1', () => {
    expect(typical).toMatchObject(dayKeys.performanceIndex('ACC-TYPICAL', String(typical.Date)));
    expect(typical).not.toHaveProperty('GSI1PK');
    expect(typical).not.toHaveProperty('GSI1SK');
  });

  it('reads and stores a few hundred bytes an account-day instead of the judged day', () => {
    const sizes = [typical, failed].map((item) => ({
      item: itemSize(item),
      projection: itemSize(projected(item)),
    }));
    // Measured: a typical account's day 30 is 5,363 bytes whole, 178 projected (GSI1 stored and
    // answered the whole item); a failed account's day 250 is 10,295 bytes whole, 160 projected.
    for (const size of sizes) {
      expect(size.item).toBeGreaterThan(2_000);
      expect(size.projection).toBeLessThan(300);
      expect(size.projection * 8).toBeLessThan(size.item);
    }
  });

  describe('read from the embedded DynamoDB', () => {
    useFreshTable();
    beforeAll(() => batchPutAll([typical, failed]));

    it('answers the projection only, and the readers of a date from it', async () => {
      const date = String(typical.Date);
      const [partition] = dayKeys
        .datePartitions(date)
        .filter((pk) => pk === dayKeys.performanceIndex('ACC-TYPICAL', date).GSI4PK);
      const items = await queryAll({
        IndexName: 'GSI4',
        KeyConditionExpression: 'GSI4PK = :pk',
        ExpressionAttributeValues: { ':pk': partition },
      });
      expect(items).toEqual([projected(typical)]);
      expect(items[0]).not.toHaveProperty('conformance');
      await expect(performanceRepository.accountsOnDate(date)).resolves.toEqual(['ACC-TYPICAL']);
      const [figures] = await performanceRepository.listFiguresByDate(date);
      expect(figures).toEqual(listFiguresSchema.parse(typical));
      const [whole] = await performanceRepository.listByDate(date);
      expect(whole?.conformance).toEqual(typical.conformance);
    });
  });
});
