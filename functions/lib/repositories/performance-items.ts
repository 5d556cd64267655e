import * as z from 'zod';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  dailyConformanceSummarySchema,
  performanceFiguresShape,
} from '@shared/performance/daily-performance';
import { dailySummaryRowSchema } from '@shared/summaries/daily-summary';
import {
  performanceSymbolSchema,
  performanceTradeSchema,
} from '@shared/performance/performance-report';
import { conformanceRuleSchema, conformanceSchema } from '@shared/rules/conformance';
import { drawdownDaySchema } from '@shared/rules/drawdown-day';
import {
  accountPhaseSchema,
  rithmicStatusSchema,
  type AccountPhase,
  type RithmicStatus,
} from '@shared/accounts/account';
import { performanceGroupKey } from '@shared/performance/performance-group';
import { dayFillSchema, tradingDateSchema } from '@shared/rules/day-input';
import { engineStateSchema } from '@shared/rules/engine-state';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { dayKeys, reconciliationKeys, tradingDateKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { getItem, projectionOf, queryAll, queryPage, tableName, type Item } from '../db/table';
import { countSharded, queryShardedAll, SHARDED_INDEXES } from '../db/sharded-query';
import { dailySummaryRowOf, type SummaryDay } from '../daily-summary-rows';

/*
 * An account-day's stored items (performance, summary row, fills, trades, symbols, the dates) and the
 * reads by key that ingesting, judging and re-judging use, as plain functions: a bundle keeps only
 * those it calls. The screens' lists and pages of the same items are performance-repository.ts.
 */

/*
 * Stored shapes validate parsed values (numbers, not the broker's CSV cells): the broker rows were
 * validated on ingestion, these guard what is written and read back.
 */
const accountDay = { Account: z.string().min(1), Date: tradingDateSchema };

export const storedFillSchema = dayFillSchema.extend({
  ...accountDay,
  Exchange: z.string().optional(),
  FillPrice: z.number(),
  OrderId: z.string().optional(),
  FillId: z.string().min(1),
});
export type StoredFill = z.infer<typeof storedFillSchema>;
export const storedTradeSchema = performanceTradeSchema.extend(accountDay);
export type StoredTrade = z.infer<typeof storedTradeSchema>;
export const storedSymbolSchema = performanceSymbolSchema.extend(accountDay);
export type StoredSymbol = z.infer<typeof storedSymbolSchema>;

/**
 * One account-day as stored: the broker's daily-performance figures, the trader it belongs to, and —
 * once judged — the day's conformance and the engine state after the day.
 */
export const storedPerformanceSchema = z.object({
  ...accountDay,
  FCM: z.string().optional(),
  IB: z.string().optional(),
  ...performanceFiguresShape,
  traderId: z.string().optional(),
  fileModifiedDate: z.string().optional(),
  conformance: conformanceSchema.nullable().default(null),
  engineState: engineStateSchema.nullable().default(null),
  /** The program version and phase that judged the day (`<prefix>#<version>#<phaseId>`). */
  judgedBy: z.string().nullable().default(null),
  /**
   * The Latest Performance group the day is listed in: its account's phase and broker status when the
   * day was first judged, kept so a re-judge lists the day where a first judgement would.
   */
  placement: z.object({ phase: accountPhaseSchema, rithmicStatus: rithmicStatusSchema }).optional(),
});
export type StoredPerformance = z.infer<typeof storedPerformanceSchema>;
export type StoredPerformanceInput = z.input<typeof storedPerformanceSchema>;

/** The trader id a summary row shows when the stored day does not name one. */
export const UNKNOWN_TRADER = 'unknown';

const INCOMPLETE_DATE_PREFIX = 'INCOMPLETE#';

export const parsePerformance = (item: Item) => storedPerformanceSchema.parse(withoutKeys(item));
export const accountPk = (accountId: string) => dayKeys.performance(accountId, '').PK;

/** Every item of one account-day kind whose sort key starts with `prefix`. */
export function queryAccountPrefix(accountId: string, prefix: string) {
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': accountPk(accountId), ':prefix': prefix },
  });
}

/** The kind part of a day-item sort key prefix (`FILL#<date>#` → `FILL#`): every day of a kind. */
const kindOf = (datePrefix: (date: string) => string) => {
  const prefix = datePrefix('0');
  return prefix.slice(0, prefix.indexOf('#') + 1);
};

function byDate<T extends { Date: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.Date);
    if (group) group.push(item);
    else groups.set(item.Date, [item]);
  }
  return groups;
}

/** An account's whole stored history, oldest day first: what re-judging from the first day reads. */
export interface AccountHistory {
  days: StoredPerformance[];
  fills: Map<string, StoredFill[]>;
  trades: Map<string, StoredTrade[]>;
}

/**
 * The figures of Latest Performance: the row's broker figures without conformance or engine state,
 * which make most of a day item's size.
 */
export const listFiguresSchema = storedPerformanceSchema.pick({
  Account: true,
  Date: true,
  ClosedPnl: true,
  NetPnl: true,
  Commissions: true,
  Trades: true,
  WinTrades: true,
  LoserTrades: true,
  WinPct: true,
  CashBal: true,
  AcctBal: true,
});
export type PerformanceListFigures = z.infer<typeof listFiguresSchema>;

/** The Latest Performance group an account-day is listed in: its account's phase and broker status. */
export interface DayPlacement {
  phase: AccountPhase;
  rithmicStatus: RithmicStatus;
}

const withoutDayOf = ({ Account: _account, Date: _date, ...figures }: PerformanceListFigures) =>
  figures;

/** The key of a date's `INCOMPLETE#` entry (`incompleteDateItemOf`). */
export function incompleteDateKey(date: string): Item {
  return { PK: tradingDateKeys.partition, SK: `${INCOMPLETE_DATE_PREFIX}${date}` };
}

export function performanceItemOf(day: StoredPerformanceInput): Item {
  const valid = storedPerformanceSchema.parse(day);
  return {
    ...valid,
    ...dayKeys.performance(valid.Account, valid.Date),
    ...dayKeys.performanceIndex(valid.Account, valid.Date),
  };
}

/** The drawdown rule's details that `drawdownOfDay` derives a day's drawdown from. */
const DRAWDOWN_DETAILS = ['floorInForce', 'floorAfter', 'locked', 'resetType'];

/**
 * What the account page shows of a day, kept on its summary row (`day`) so the page, its further
 * pages and the balance chart read ~1 KB a day instead of the judged day (5–10 KB): the broker's
 * figures, the conformance in brief, and the drawdown the engine kept. A day judged before the engine
 * kept its drawdown carries the drawdown rule's entry instead (its limit and floors), which
 * `drawdownOfDay` derives the day from with the previous day's close, as it did from the judged day.
 */
export const accountDaySchema = z.object({
  ...performanceFiguresShape,
  conformance: dailyConformanceSummarySchema.nullable(),
  drawdown: drawdownDaySchema.optional(),
  drawdownRule: conformanceRuleSchema
    .pick({ ruleId: true, category: true, thresholdValue: true, details: true })
    .optional(),
});
export type AccountDay = z.infer<typeof accountDaySchema>;

/** A stored day as the account page reads it (`accountDaySchema`). */
export function accountDayOf(day: StoredPerformance): AccountDay {
  const { conformance } = day;
  const drawdown = conformance?.drawdown ?? undefined;
  const rule = drawdown
    ? undefined
    : conformance?.rules.find((entry) => entry.category === 'drawdown');
  const details = rule?.details ?? {};
  return accountDaySchema.parse({
    ...day,
    conformance: conformance && {
      overallStatus: conformance.overallStatus,
      overallScore: conformance.overallScore,
      violations: conformance.violations.length,
    },
    drawdown,
    drawdownRule: rule && {
      ruleId: rule.ruleId,
      category: rule.category,
      thresholdValue: rule.thresholdValue,
      details: Object.fromEntries(
        DRAWDOWN_DETAILS.filter((name) => details[name] !== undefined).map((name) => [
          name,
          details[name],
        ]),
      ),
    },
  });
}

/**
 * The day's daily summary row as its own small item (`ACCOUNT#<id> / SUMROW#<date>`, GSI1
 * `SUMDAY#<date>`), so the firm summary of a day reads a few hundred bytes per account instead of
 * the whole judged day (a Query's cost is the size of the items read, not of the projection).
 * `accountDay` (`accountDayOf` of the whole judged day, validated there) is what the account page
 * reads of the day;
 * a row written without it is read with its judged day instead.
 */
export function summaryRowItemOf(
  day: SummaryDay & Partial<PerformanceListFigures>,
  traderId = UNKNOWN_TRADER,
  placement?: DayPlacement,
  accountDay?: AccountDay,
): Item {
  const row = dailySummaryRowOf(day, traderId);
  const figures = listFiguresSchema.safeParse(day);
  // The row of Latest Performance too: the day's broker figures and the group its account was in
  // when the day was judged, in that group's partition by NetPnl (GSI2).
  const latest = placement &&
    figures.success && {
      group: performanceGroupKey(placement.phase, placement.rithmicStatus),
      phase: placement.phase,
      rithmicStatus: placement.rithmicStatus,
      latest: withoutDayOf(figures.data),
    };
  return {
    ...dailySummaryRowSchema.parse(row),
    ...latest,
    // What the account page shows of the day, when the caller has the whole judged day.
    ...(accountDay && { day: accountDay }),
    ...dayKeys.summaryRow(row.accountId, row.date),
    ...dayKeys.summaryRowIndex(row.accountId, row.date),
    ...dayKeys.summaryRowPnlIndex(row.accountId, row.date, row.dailyPnl),
    ...(latest && dayKeys.summaryRowGroupIndex(row.accountId, row.date, latest.group, day.NetPnl)),
  };
}

/**
 * What one account-day writes: the performance item and its daily summary row, placed in the
 * Latest Performance group the day names (`placement`).
 */
export function dayItemsOf(day: StoredPerformanceInput): Item[] {
  const valid = storedPerformanceSchema.parse(day);
  return [
    performanceItemOf(valid),
    summaryRowItemOf(valid, undefined, valid.placement, accountDayOf(valid)),
  ];
}

export function fillItemOf(fill: StoredFill): Item {
  const valid = storedFillSchema.parse(fill);
  return { ...valid, ...dayKeys.fill(valid.Account, valid.Date, valid.FillId) };
}

export function tradeItemOf(trade: z.input<typeof storedTradeSchema>): Item {
  const valid = storedTradeSchema.parse(trade);
  return { ...valid, ...dayKeys.trade(valid.Account, valid.Date, valid.FillId) };
}

export function symbolItemOf(symbol: StoredSymbol): Item {
  const valid = storedSymbolSchema.parse(symbol);
  return { ...valid, ...dayKeys.symbol(valid.Account, valid.Date, valid.Symbol) };
}

export function dateItemOf(date: string): Item {
  return { ...tradingDateKeys.date(tradingDateSchema.parse(date)), date };
}

/**
 * `DATES / INCOMPLETE#<date>`: a date whose ingestion began and has not finished (docs/data-model.md).
 * A sync writes it, and removes the date's `DATE#` entry, before writing any row of the date, and
 * swaps them back once every file of the date is in; the screens read `DATE#` entries only, so a
 * date that failed part-way is never read as complete, and a re-run completes it.
 */
export function incompleteDateItemOf(date: string): Item {
  return { ...incompleteDateKey(tradingDateSchema.parse(date)), date };
}

/** Access pattern "dates left incomplete": Query `PK = DATES`, `SK begins_with INCOMPLETE#`. */
export async function incompleteDates(): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': tradingDateKeys.partition,
      ':prefix': INCOMPLETE_DATE_PREFIX,
    },
  });
  return items.map((item) => String(item.date));
}

/** Access pattern "every date with data": Query `PK = DATES`, oldest first. */
export async function allDates(): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :date)',
    ExpressionAttributeValues: {
      ':pk': tradingDateKeys.partition,
      ':date': tradingDateKeys.prefix,
    },
  });
  return items.map((item) => String(item.date));
}

/**
 * Access pattern "the trading dates next to a date": Query `PK = DATES`, `SK < DATE#<date>` reverse
 * Limit 1 and `SK > DATE#<date>` Limit 1.
 */
export async function neighbourDates(
  date: string,
): Promise<{ previousDate: string | null; nextDate: string | null }> {
  const key = tradingDateKeys.date(date).SK;
  const [before, after] = await Promise.all(
    [
      { condition: 'PK = :pk AND SK BETWEEN :first AND :key', forward: false },
      { condition: 'PK = :pk AND SK BETWEEN :key AND :last', forward: true },
    ].map(({ condition, forward }) =>
      queryPage(
        {
          KeyConditionExpression: condition,
          ExpressionAttributeValues: {
            ':pk': tradingDateKeys.partition,
            ':key': key,
            ...(forward
              ? { ':last': `${tradingDateKeys.prefix}99999999` }
              : { ':first': tradingDateKeys.prefix }),
          },
          ScanIndexForward: forward,
        },
        2,
      ),
    ),
  );
  const other = (page: Page<Item> | undefined) =>
    page?.items.map((item) => String(item.date)).find((found) => found !== date) ?? null;
  return { previousDate: other(before), nextDate: other(after) };
}

/** A query of a date's `DAY#` partitions of GSI4 (its performance items' keys and figures). */
const DATE_DAYS_QUERY = { KeyConditionExpression: 'GSI4PK = :pk' };

/**
 * Every performance item of a date as GSI4 projects it (keys, account, date, Latest Performance's
 * figures; `attributes` narrows it): ~200 bytes an account-day read, not the judged day.
 */
function listDayIndexOfDate(date: string, attributes?: readonly string[]): Promise<Item[]> {
  return queryShardedAll(
    dayKeys.datePartitions(date),
    { ...DATE_DAYS_QUERY, ...(attributes && projectionOf(attributes)) },
    SHARDED_INDEXES.GSI4,
  );
}

/**
 * Access pattern "the accounts with a performance row on a date" (what a re-ingest replaces, what a
 * date void visits): Query GSI4 `GSI4PK = DAY#<date>#<h>`, projecting the account only.
 */
export async function accountsOnDate(date: string): Promise<string[]> {
  const items = await listDayIndexOfDate(date, ['Account']);
  return items.map((item) => String(item.Account));
}

/**
 * Access pattern "how many accounts have data on a date" (after a void, a quality gate): Query GSI4
 * `GSI4PK = DAY#<date>#<h>`, `Select COUNT`.
 */
export function countDaysOfDate(date: string): Promise<number> {
  return countSharded(dayKeys.datePartitions(date), DATE_DAYS_QUERY, SHARDED_INDEXES.GSI4);
}

/**
 * Access pattern "the keys of an account-day's items" (a re-ingest deletes those the corrected files
 * no longer hold): the performance and summary row keys, and four key-only prefix queries (fills,
 * trades, symbols, the day's floor mismatch).
 */
export async function dayItemKeys(accountId: string, date: string): Promise<Item[]> {
  const keysOnly = projectionOf(['PK', 'SK']);
  const prefixes = [
    dayKeys.fillPrefix(date),
    dayKeys.tradePrefix(date),
    dayKeys.symbolPrefix(date),
    reconciliationKeys.mismatch(accountId, date).SK,
  ];
  const found = await Promise.all(
    prefixes.map((prefix) =>
      queryAll({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': accountPk(accountId), ':prefix': prefix },
        ...keysOnly,
      }),
    ),
  );
  return [
    dayKeys.performance(accountId, date),
    dayKeys.summaryRow(accountId, date),
    ...found.flat().map((item) => ({ PK: item.PK, SK: item.SK })),
  ];
}

/** Access pattern "one account-day": Get `ACCOUNT#<id> / PERF#<date>`, with the engine state. */
export async function getStoredDay(
  accountId: string,
  date: string,
): Promise<StoredPerformance | undefined> {
  const item = await getItem(dayKeys.performance(accountId, date));
  return item ? parsePerformance(item) : undefined;
}

/** The Latest Performance group a stored day is listed in (Get projecting `placement`). */
export async function getPlacement(
  accountId: string,
  date: string,
): Promise<DayPlacement | undefined> {
  const { Item } = await dynamoDocumentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: dayKeys.performance(accountId, date),
      ProjectionExpression: 'placement',
    }),
  );
  return storedPerformanceSchema.shape.placement.parse(Item?.placement);
}

/**
 * Access pattern "the account-day before a date" (the state to judge `date` from): Query
 * `SK BETWEEN PERF# AND PERF#<date>`, reverse, Limit 2.
 */
export async function getDayBefore(
  accountId: string,
  date: string,
): Promise<StoredPerformance | undefined> {
  const page = await queryPage(
    {
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :date',
      ExpressionAttributeValues: {
        ':pk': accountPk(accountId),
        ':first': dayKeys.performancePrefix,
        ':date': dayKeys.performance(accountId, date).SK,
      },
      ScanIndexForward: false,
    },
    2,
  );
  return page.items.map(parsePerformance).find((day) => day.Date < date);
}

/**
 * Access pattern "an account's days from a date on, oldest first, and the day before" (the state to
 * re-judge from): Query `SK BETWEEN PERF#<from> AND PERF#99999999` plus one reverse read before it.
 */
export async function listDaysFrom(
  accountId: string,
  fromDate: string,
): Promise<{ before: StoredPerformance | undefined; days: StoredPerformance[] }> {
  const [before, days] = await Promise.all([
    getDayBefore(accountId, fromDate),
    queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :last',
      ExpressionAttributeValues: {
        ':pk': accountPk(accountId),
        ':from': dayKeys.performance(accountId, fromDate).SK,
        ':last': `${dayKeys.performancePrefix}99999999`,
      },
    }),
  ]);
  return { before, days: days.map(parsePerformance) };
}

/**
 * Access pattern "an account's whole history" (re-judging from its first day): three queries of the
 * account's partition, `begins_with PERF#`, `FILL#` and `TRADE#`, in date order.
 */
export async function listHistory(accountId: string): Promise<AccountHistory> {
  const [days, fills, trades] = await Promise.all([
    queryAccountPrefix(accountId, dayKeys.performancePrefix),
    queryAccountPrefix(accountId, kindOf(dayKeys.fillPrefix)),
    queryAccountPrefix(accountId, kindOf(dayKeys.tradePrefix)),
  ]);
  return {
    days: days.map(parsePerformance),
    fills: byDate(fills.map((item) => storedFillSchema.parse(withoutKeys(item)))),
    trades: byDate(trades.map((item) => storedTradeSchema.parse(withoutKeys(item)))),
  };
}

/**
 * Access pattern "an account's fills and trades from a date on" (re-judging its later days after a
 * re-ingest): two range queries of the account's partition, `SK BETWEEN FILL#<date> AND FILL#9…`
 * and the same for `TRADE#`, grouped by date.
 */
export async function listActivityFrom(
  accountId: string,
  fromDate: string,
): Promise<Pick<AccountHistory, 'fills' | 'trades'>> {
  const range = (kind: string) =>
    queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :last',
      ExpressionAttributeValues: {
        ':pk': accountPk(accountId),
        ':from': `${kind}${fromDate}#`,
        ':last': `${kind}99999999$`,
      },
    });
  const [fills, trades] = await Promise.all([
    range(kindOf(dayKeys.fillPrefix)),
    range(kindOf(dayKeys.tradePrefix)),
  ]);
  return {
    fills: byDate(fills.map((item) => storedFillSchema.parse(withoutKeys(item)))),
    trades: byDate(trades.map((item) => storedTradeSchema.parse(withoutKeys(item)))),
  };
}

/** Access pattern "one account-day's closed trades": Query `SK begins_with TRADE#<date>#`. */
export async function listTrades(accountId: string, date: string): Promise<StoredTrade[]> {
  const items = await queryAccountPrefix(accountId, dayKeys.tradePrefix(date));
  return items.map((item) => storedTradeSchema.parse(withoutKeys(item)));
}

/** Access pattern "one account-day's fills": Query `SK begins_with FILL#<date>#`. */
export async function listFills(accountId: string, date: string): Promise<StoredFill[]> {
  const items = await queryAccountPrefix(accountId, dayKeys.fillPrefix(date));
  return items.map((item) => storedFillSchema.parse(withoutKeys(item)));
}
