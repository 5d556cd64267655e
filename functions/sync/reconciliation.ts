import { centsToDollars } from '@shared/money/decimal';
import { compareFloors } from '@shared/reconciliation/floor-comparison';
import { floorMismatchSchema, type FloorMismatch } from '@shared/reconciliation/floor-mismatch';
import { drawdownOfDay } from '@shared/rules/drawdown-day';
import { reconciliationKeys, withoutKeys } from '../lib/db/keys';
import type { Page } from '../lib/db/paging';
import { countQuery, getItem, queryPage, type Item } from '../lib/db/table';
import type { PriorState } from '../lib/judging/apply-day';
import type { JudgedDay } from '../lib/judging/judge';

/*
 * Two witnesses of the drawdown floor (docs/data-model.md "Reconciliation"): for every judged
 * account-day whose performance row carries the broker's `AutoLiquidateThresholdValue`, the nightly
 * sync compares it with the engine's floor after the day (shared/reconciliation/floor-comparison.ts)
 * and stores a difference beyond the tolerance as `ACCOUNT#<id> / RECON#<date>`. The item is keyed
 * by account and date and holds no clock time, so a re-run writes it again unchanged; a re-ingested
 * date whose day no longer differs loses it with the date's other stale items (pipeline.ts).
 */

const parse = (item: Item): FloorMismatch => floorMismatchSchema.parse(withoutKeys(item));

/** The figures of a day's performance row the comparison reads (dollars). */
export interface ReconciledRow {
  AcctBal: number;
  NetPnl: number;
  AutoLiquidateThresholdValue?: number;
}

/**
 * The mismatch of a judged day, or undefined when the row carries no broker floor or the floors
 * agree. `previousMismatch` reads the mismatch of the day before, asked for only when the floors
 * differ for no reason the day shows (a constant offset repeats).
 */
export async function mismatchOfDay(day: {
  accountId: string;
  traderId?: string;
  date: string;
  row: ReconciledRow;
  judged: JudgedDay;
  prior: PriorState;
  previousMismatch?: (previousDate: string) => Promise<FloorMismatch | undefined>;
}): Promise<FloorMismatch | undefined> {
  const brokerFloor = day.row.AutoLiquidateThresholdValue;
  if (brokerFloor === undefined) return undefined;
  const engine = drawdownOfDay({ conformance: day.judged.conformance, state: day.judged.state });
  const previousDate = day.prior?.state.lastDate ?? null;
  const previousBalance =
    previousDate === null ? null : centsToDollars(day.prior!.state.balanceCents);
  const startBalance = centsToDollars(
    Math.round(day.row.AcctBal * 100) - Math.round(day.row.NetPnl * 100),
  );
  const compare = (previous: FloorMismatch | undefined) =>
    compareFloors({
      brokerFloor,
      engine,
      startBalance,
      previousBalance,
      previous: previous ?? null,
    });
  let comparison = compare(undefined);
  if (comparison.agrees) return undefined;
  if (previousDate !== null && comparison.cause === 'unexplained' && day.previousMismatch) {
    comparison = compare(await day.previousMismatch(previousDate));
  }
  return {
    accountId: day.accountId,
    date: day.date,
    ...(day.traderId && { traderId: day.traderId }),
    brokerFloor: comparison.brokerFloor,
    engineFloor: comparison.engineFloor,
    difference: comparison.difference,
    cause: comparison.cause!,
    startBalance,
    previousBalance,
  };
}

export const reconciliationRepository = {
  itemOf(mismatch: FloorMismatch): Item {
    const valid = floorMismatchSchema.parse(mismatch);
    return {
      ...valid,
      ...reconciliationKeys.mismatch(valid.accountId, valid.date),
      ...reconciliationKeys.mismatchIndex(valid.accountId, valid.date),
    };
  },

  /** Access pattern "one account-day's mismatch": Get `ACCOUNT#<id> / RECON#<date>`. */
  async get(accountId: string, date: string): Promise<FloorMismatch | undefined> {
    const item = await getItem(reconciliationKeys.mismatch(accountId, date));
    return item ? parse(item) : undefined;
  },

  /**
   * A page of mismatches, newest date first: of one account (Query `PK = ACCOUNT#<id>`, `SK
   * begins_with RECON#`, reverse), of one date (Query GSI1 `GSI1PK = RECONDATE#<date>`), or every
   * one (Query GSI2 `GSI2PK = RECONS`, reverse).
   */
  async list(
    filter: { accountId?: string; date?: string },
    limit: number,
    cursor?: string,
  ): Promise<Page<FloorMismatch>> {
    const { accountId, date } = filter;
    if (accountId && date) {
      const one = await reconciliationRepository.get(accountId, date);
      return { items: one ? [one] : [] };
    }
    const input = accountId
      ? {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: {
            ':pk': reconciliationKeys.mismatch(accountId, '').PK,
            ':prefix': reconciliationKeys.prefix,
          },
          ScanIndexForward: false,
        }
      : date
        ? {
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': reconciliationKeys.datePartition(date) },
          }
        : {
            IndexName: 'GSI2',
            KeyConditionExpression: 'GSI2PK = :pk',
            ExpressionAttributeValues: { ':pk': reconciliationKeys.listPartition },
            ScanIndexForward: false,
          };
    const page = await queryPage(input, limit, cursor);
    return { ...page, items: page.items.map(parse) };
  },

  /** Access pattern "how many mismatches on the dates": Query GSI1 `RECONDATE#<date>`, COUNT each. */
  async countOfDates(dates: readonly string[]): Promise<number> {
    const counts = await Promise.all(
      dates.map((date) =>
        countQuery({
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': reconciliationKeys.datePartition(date) },
        }),
      ),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  },
};
