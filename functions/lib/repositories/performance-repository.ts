import * as z from 'zod';
import { performanceFiguresShape } from '@shared/performance/daily-performance';
import { dailySummaryRowSchema, type DailySummaryRow } from '@shared/summaries/daily-summary';
import {
  performanceSymbolSchema,
  performanceTradeSchema,
} from '@shared/performance/performance-report';
import { conformanceSchema } from '@shared/rules/conformance';
import {
  accountPhaseSchema,
  rithmicStatusSchema,
  type AccountPhase,
  type RithmicStatus,
} from '@shared/accounts/account';
import { performanceGroupKey } from '@shared/performance/performance-list';
import { dayFillSchema, tradingDateSchema } from '@shared/rules/day-input';
import { engineStateSchema } from '@shared/rules/engine-state';
import { dayKeys, reconciliationKeys, tradingDateKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { getItem, queryAll, queryPage, tableName, type Item } from '../db/table';
import { queryShardedAll, queryShardedPage, SHARDED_INDEXES } from '../db/sharded-query';
import { dailySummaryRowOf, summaryDaySchema, type SummaryDay } from '../daily-summary-rows';
import { storedSummaryRowOf, type StoredSummaryRow } from '../aggregates/summary-aggregates';

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

/** The stored day without engine internals, as screens read it. */
export type PerformanceDay = Omit<StoredPerformance, 'engineState' | 'judgedBy' | 'placement'>;

/** The trader id a summary row shows when the stored day does not name one. */
export const UNKNOWN_TRADER = 'unknown';

const INCOMPLETE_DATE_PREFIX = 'INCOMPLETE#';
const incompleteDateKey = (date: string) => ({
  PK: tradingDateKeys.partition,
  SK: `${INCOMPLETE_DATE_PREFIX}${date}`,
});

const parsePerformance = (item: Item) => storedPerformanceSchema.parse(withoutKeys(item));
const accountPk = (accountId: string) => dayKeys.performance(accountId, '').PK;

function withoutEngineState({
  engineState: _engineState,
  judgedBy: _judgedBy,
  placement: _placement,
  ...day
}: StoredPerformance): PerformanceDay {
  return day;
}

/** Every item of one account-day kind whose sort key starts with `prefix`. */
function queryAccountPrefix(accountId: string, prefix: string) {
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
const listFiguresSchema = storedPerformanceSchema.pick({
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

/** A summary row as Latest Performance reads it: the account, its group then, the day's figures. */
const latestPerformanceRowSchema = z.object({
  accountId: z.string().min(1),
  phase: accountPhaseSchema,
  rithmicStatus: rithmicStatusSchema,
  latest: listFiguresSchema.omit({ Account: true, Date: true }),
});
export type LatestPerformanceRow = z.infer<typeof latestPerformanceRowSchema>;

const withoutDayOf = ({ Account: _account, Date: _date, ...figures }: PerformanceListFigures) =>
  figures;

/** `ProjectionExpression` and names for a list of attributes (some are reserved words: `Date`). */
export function projectionOf(attributes: readonly string[]) {
  return {
    ProjectionExpression: attributes.map((_, index) => `#p${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(
      attributes.map((attribute, index) => [`#p${index}`, attribute]),
    ),
  };
}

/** Projection of `listFiguresByDate`: the list's figures only. */
export function listFiguresProjection() {
  return projectionOf(Object.keys(listFiguresSchema.shape));
}

const SUMMARY_FIGURES = ['Account', 'Date', 'traderId', 'NetPnl', 'Trades', 'WinPct', 'AcctBal'];
const SUMMARY_CONFORMANCE = [
  'performance',
  'daysTradedCount',
  'currentBalance',
  'phasePassedDate',
  'phaseFailedDate',
  'rules',
];

/** Projection of a summary day: figures, conformance parts and `engineState.peakBalanceCents`. */
export function summaryDayProjection() {
  return {
    ProjectionExpression: [
      ...SUMMARY_FIGURES.map((_, index) => `#f${index}`),
      ...SUMMARY_CONFORMANCE.map((_, index) => `#conformance.#c${index}`),
      '#engine.#peak',
    ].join(', '),
    ExpressionAttributeNames: {
      ...Object.fromEntries(SUMMARY_FIGURES.map((name, index) => [`#f${index}`, name])),
      '#conformance': 'conformance',
      ...Object.fromEntries(SUMMARY_CONFORMANCE.map((name, index) => [`#c${index}`, name])),
      '#engine': 'engineState',
      '#peak': 'peakBalanceCents',
    },
  };
}

export interface AccountDayDetail {
  performance: PerformanceDay;
  trades: StoredTrade[];
  symbols: StoredSymbol[];
}

/** What the balance chart reads of a stored day (`listBalanceDays`). */
const balanceDaySchema = z.object({
  Date: z.string(),
  AcctBal: z.number(),
  CashBal: z.number().optional(),
  NetPnl: z.number(),
  LowPnl: z.number().optional(),
  conformance: conformanceSchema
    .pick({ drawdown: true, rules: true })
    .partial()
    .nullable()
    .optional(),
});
export type BalanceDay = z.infer<typeof balanceDaySchema>;

/** Daily performance, fills, trades and symbol rows of accounts, and the dates that have data. */
export const performanceRepository = {
  performanceItemOf(day: StoredPerformanceInput): Item {
    const valid = storedPerformanceSchema.parse(day);
    return {
      ...valid,
      ...dayKeys.performance(valid.Account, valid.Date),
      ...dayKeys.performanceIndex(valid.Account, valid.Date),
    };
  },

  /**
   * The day's daily summary row as its own small item (`ACCOUNT#<id> / SUMROW#<date>`, GSI1
   * `SUMDAY#<date>`), so the firm summary of a day reads a few hundred bytes per account instead of
   * the whole judged day (a Query's cost is the size of the items read, not of the projection).
   */
  summaryRowItemOf(
    day: SummaryDay & Partial<PerformanceListFigures>,
    traderId = UNKNOWN_TRADER,
    placement?: DayPlacement,
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
      ...dayKeys.summaryRow(row.accountId, row.date),
      ...dayKeys.summaryRowIndex(row.accountId, row.date),
      ...dayKeys.summaryRowPnlIndex(row.accountId, row.date, row.dailyPnl),
      ...(latest &&
        dayKeys.summaryRowGroupIndex(row.accountId, row.date, latest.group, day.NetPnl)),
    };
  },

  /**
   * What one account-day writes: the performance item and its daily summary row, placed in the
   * Latest Performance group the day names (`placement`).
   */
  dayItemsOf(day: StoredPerformanceInput): Item[] {
    const valid = storedPerformanceSchema.parse(day);
    return [
      this.performanceItemOf(valid),
      this.summaryRowItemOf(valid, undefined, valid.placement),
    ];
  },

  fillItemOf(fill: StoredFill): Item {
    const valid = storedFillSchema.parse(fill);
    return { ...valid, ...dayKeys.fill(valid.Account, valid.Date, valid.FillId) };
  },

  tradeItemOf(trade: z.input<typeof storedTradeSchema>): Item {
    const valid = storedTradeSchema.parse(trade);
    return { ...valid, ...dayKeys.trade(valid.Account, valid.Date, valid.FillId) };
  },

  symbolItemOf(symbol: StoredSymbol): Item {
    const valid = storedSymbolSchema.parse(symbol);
    return { ...valid, ...dayKeys.symbol(valid.Account, valid.Date, valid.Symbol) };
  },

  dateItemOf(date: string): Item {
    return { ...tradingDateKeys.date(tradingDateSchema.parse(date)), date };
  },

  /**
   * `DATES / INCOMPLETE#<date>`: a date whose ingestion began and has not finished (docs/data-model.md).
   * A sync writes it, and removes the date's `DATE#` entry, before writing any row of the date, and
   * swaps them back once every file of the date is in; the screens read `DATE#` entries only, so a
   * date that failed part-way is never read as complete, and a re-run completes it.
   */
  incompleteDateItemOf(date: string): Item {
    return { ...incompleteDateKey(tradingDateSchema.parse(date)), date };
  },

  incompleteDateKey(date: string): Item {
    return incompleteDateKey(date);
  },

  /** Access pattern "dates left incomplete": Query `PK = DATES`, `SK begins_with INCOMPLETE#`. */
  async incompleteDates(): Promise<string[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': tradingDateKeys.partition,
        ':prefix': INCOMPLETE_DATE_PREFIX,
      },
    });
    return items.map((item) => String(item.date));
  },

  /**
   * Access pattern "the accounts with a performance row on a date" (what a re-ingest replaces): Query
   * GSI1 `GSI1PK = DAY#<date>`, projecting the account only.
   */
  async accountsOnDate(date: string): Promise<string[]> {
    const items = await queryShardedAll(dayKeys.datePartitions(date), {
      KeyConditionExpression: 'GSI1PK = :pk',
      ...projectionOf(['Account']),
    });
    return items.map((item) => String(item.Account));
  },

  /**
   * Access pattern "the keys of an account-day's items" (a re-ingest deletes those the corrected files
   * no longer hold): the performance and summary row keys, and four key-only prefix queries (fills,
   * trades, symbols, the day's floor mismatch).
   */
  async dayItemKeys(accountId: string, date: string): Promise<Item[]> {
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
  },

  /** Access pattern "one account-day": Get `ACCOUNT#<id> / PERF#<date>`, with the engine state. */
  /** The Latest Performance group a stored day is listed in (Get projecting `placement`). */
  async getPlacement(accountId: string, date: string): Promise<DayPlacement | undefined> {
    const { Item } = await dynamoDocumentClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: dayKeys.performance(accountId, date),
        ProjectionExpression: 'placement',
      }),
    );
    return storedPerformanceSchema.shape.placement.parse(Item?.placement);
  },

  async getStoredDay(accountId: string, date: string): Promise<StoredPerformance | undefined> {
    const item = await getItem(dayKeys.performance(accountId, date));
    return item ? parsePerformance(item) : undefined;
  },

  /**
   * Access pattern "an account's daily performances, newest first": Query `PK = ACCOUNT#<id>`,
   * `SK begins_with PERF#`, reverse, paged with a cursor.
   */
  async listByAccount(
    accountId: string,
    options: { limit?: number; cursor?: string } = {},
  ): Promise<Page<PerformanceDay>> {
    const page = await queryPage(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :perf)',
        ExpressionAttributeValues: {
          ':pk': accountPk(accountId),
          ':perf': dayKeys.performancePrefix,
        },
        ScanIndexForward: false,
      },
      options.limit ?? 100,
      options.cursor,
    );
    return { ...page, items: page.items.map((item) => withoutEngineState(parsePerformance(item))) };
  },

  /**
   * Access pattern "an account's days from a date on, oldest first, and the day before" (the state to
   * re-judge from): Query `SK BETWEEN PERF#<from> AND PERF#99999999` plus one reverse read before it.
   */
  async listDaysFrom(
    accountId: string,
    fromDate: string,
  ): Promise<{ before: StoredPerformance | undefined; days: StoredPerformance[] }> {
    const [before, days] = await Promise.all([
      performanceRepository.getDayBefore(accountId, fromDate),
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
  },

  /**
   * Access pattern "the account-day before a date" (the state to judge `date` from): Query
   * `SK BETWEEN PERF# AND PERF#<date>`, reverse, Limit 2.
   */
  async getDayBefore(accountId: string, date: string): Promise<StoredPerformance | undefined> {
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
  },

  /** Access pattern "every account's performance of one date": Query GSI1 `GSI1PK = DAY#<date>`. */
  async listByDate(date: string): Promise<PerformanceDay[]> {
    const items = await queryShardedAll(dayKeys.datePartitions(date), {
      KeyConditionExpression: 'GSI1PK = :pk',
    });
    return items.map((item) => withoutEngineState(parsePerformance(item)));
  },

  /**
   * Access pattern "the figures of every account on one date" (Latest Performance): Query GSI1
   * `GSI1PK = DAY#<date>` with a projection of the list's figures only.
   */
  async listFiguresByDate(date: string): Promise<PerformanceListFigures[]> {
    const items = await queryShardedAll(dayKeys.datePartitions(date), {
      KeyConditionExpression: 'GSI1PK = :pk',
      ...listFiguresProjection(),
    });
    return items.map((item) => listFiguresSchema.parse(item));
  },

  /**
   * Access pattern "an account's whole history" (re-judging from its first day): three queries of the
   * account's partition, `begins_with PERF#`, `FILL#` and `TRADE#`, in date order.
   */
  async listHistory(accountId: string): Promise<AccountHistory> {
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
  },

  /**
   * Access pattern "an account's fills and trades from a date on" (re-judging its later days after a
   * re-ingest): two range queries of the account's partition, `SK BETWEEN FILL#<date> AND FILL#9…`
   * and the same for `TRADE#`, grouped by date.
   */
  async listActivityFrom(
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
  },

  /**
   * Every daily performance of an account, newest first, without the engine state: Query
   * `SK begins_with PERF#`, reverse, every page. No route reads this (the account page reads its days
   * a page at a time, `listByAccount`); tests and tools compare whole histories with it.
   */
  async listAllByAccount(accountId: string): Promise<PerformanceDay[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :perf)',
      ExpressionAttributeValues: {
        ':pk': accountPk(accountId),
        ':perf': dayKeys.performancePrefix,
      },
      ScanIndexForward: false,
    });
    return items.map((item) => withoutEngineState(parsePerformance(item)));
  },

  /**
   * Access pattern "an account's balances, every day, oldest first" (the account page's balance
   * chart): Query `SK begins_with PERF#`, projecting the balances, the figures a day's trough is
   * derived from and the conformance's drawdown parts, so the answer stays ~100 bytes a day.
   */
  async listBalanceDays(accountId: string): Promise<BalanceDay[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :perf)',
      ExpressionAttributeValues: {
        ':pk': accountPk(accountId),
        ':perf': dayKeys.performancePrefix,
      },
      ProjectionExpression:
        '#date, AcctBal, CashBal, NetPnl, LowPnl, #conformance.#drawdown, #conformance.#rules',
      ExpressionAttributeNames: {
        '#date': 'Date',
        '#conformance': 'conformance',
        '#drawdown': 'drawdown',
        '#rules': 'rules',
      },
    });
    return items.map((item) => balanceDaySchema.parse(item));
  },

  /** Access pattern "one account-day with its trades and symbols": Get + two prefix queries. */
  async getDayDetail(accountId: string, date: string): Promise<AccountDayDetail | undefined> {
    const [performance, trades, symbols] = await Promise.all([
      getItem(dayKeys.performance(accountId, date)),
      queryAccountPrefix(accountId, dayKeys.tradePrefix(date)),
      queryAccountPrefix(accountId, dayKeys.symbolPrefix(date)),
    ]);
    if (!performance) return undefined;
    return {
      performance: withoutEngineState(parsePerformance(performance)),
      trades: trades.map((item) => storedTradeSchema.parse(withoutKeys(item))),
      symbols: symbols.map((item) => storedSymbolSchema.parse(withoutKeys(item))),
    };
  },

  /** Access pattern "one account-day's closed trades": Query `SK begins_with TRADE#<date>#`. */
  async listTrades(accountId: string, date: string): Promise<StoredTrade[]> {
    const items = await queryAccountPrefix(accountId, dayKeys.tradePrefix(date));
    return items.map((item) => storedTradeSchema.parse(withoutKeys(item)));
  },

  /** Access pattern "one account-day's fills": Query `SK begins_with FILL#<date>#`. */
  async listFills(accountId: string, date: string): Promise<StoredFill[]> {
    const items = await queryAccountPrefix(accountId, dayKeys.fillPrefix(date));
    return items.map((item) => storedFillSchema.parse(withoutKeys(item)));
  },

  /**
   * Access pattern "every account's summary day of one date", from the judged days themselves: Query
   * GSI1 `GSI1PK = DAY#<date>` with the summary-day projection (to write missing summary rows).
   */
  async listSummaryDaysByDate(date: string): Promise<SummaryDay[]> {
    const items = await queryShardedAll(dayKeys.datePartitions(date), {
      KeyConditionExpression: 'GSI1PK = :pk',
      ...summaryDayProjection(),
    });
    return items.map((item) => summaryDaySchema.parse(item));
  },

  /**
   * Access pattern "every account's daily summary row of one date" (firm daily summary): Query GSI1
   * `GSI1PK = SUMDAY#<date>`, in account id order.
   */
  async listSummaryRowsByDate(date: string): Promise<DailySummaryRow[]> {
    const items = await queryShardedAll(dayKeys.summaryDatePartitions(date), {
      KeyConditionExpression: 'GSI1PK = :pk',
    });
    return items.map((item) => dailySummaryRowSchema.parse(withoutKeys(item)));
  },

  /**
   * Access pattern "a page of Latest Performance groups of a date, by NetPnl" (GSI2
   * `PERFGROUP#<date>#<group>#<hh>`, S partitions of each group merged): the rows of the accounts
   * judged in those groups that day, NetPnl descending (ties by account id) unless `ascending`
   * (ties by account id descending); O(page) items read.
   */
  async pageGroupRowsByDate(
    date: string,
    groups: readonly string[],
    options: { limit: number; cursor?: string | undefined; ascending?: boolean },
  ): Promise<Page<LatestPerformanceRow>> {
    const page = await queryShardedPage(
      groups.flatMap((group) => dayKeys.groupDatePartitions(date, group)),
      { KeyConditionExpression: 'GSI2PK = :pk', ScanIndexForward: options.ascending === true },
      options.limit,
      options.cursor,
      undefined,
      SHARDED_INDEXES.GSI2,
    );
    return { ...page, items: page.items.map((item) => latestPerformanceRowSchema.parse(item)) };
  },

  /**
   * Access pattern "a page of the daily summary rows of one date by P&L" (firm daily summary sorted
   * by P&L): GSI3 `SUMPNL#<date>#<hh>`, S partitions merged; ties by account id.
   */
  async pageSummaryRowsByPnl(
    date: string,
    options: { limit: number; cursor?: string | undefined; descending?: boolean },
  ): Promise<Page<DailySummaryRow>> {
    const page = await queryShardedPage(
      dayKeys.summaryPnlPartitions(date),
      { KeyConditionExpression: 'GSI3PK = :pk', ScanIndexForward: options.descending !== true },
      options.limit,
      options.cursor,
      undefined,
      SHARDED_INDEXES.GSI3,
    );
    return {
      ...page,
      items: page.items.map((item) => dailySummaryRowSchema.parse(withoutKeys(item))),
    };
  },

  /**
   * Access pattern "a page of some accounts' daily summary rows, newest date first then account id"
   * (trader daily summary): each account's partition `SUMROW#` read backwards, merged; the cursor
   * holds where each account stands (a cursor of other accounts is a 400 naming `cursor`).
   */
  async pageSummaryRowsByAccounts(
    accountIds: readonly string[],
    options: { limit: number; cursor?: string | undefined },
  ): Promise<Page<DailySummaryRow>> {
    const page = await queryShardedPage(
      accountIds.map(accountPk),
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :row)',
        ExpressionAttributeValues: { ':row': dayKeys.summaryRowPrefix },
        ScanIndexForward: false,
      },
      options.limit,
      options.cursor,
      undefined,
      SHARDED_INDEXES.table,
    );
    return {
      ...page,
      items: page.items.map((item) => dailySummaryRowSchema.parse(withoutKeys(item))),
    };
  },

  /** Every summary row of one date with its Latest Performance group (a re-count reads them). */
  async listStoredSummaryRowsByDate(date: string): Promise<StoredSummaryRow[]> {
    const items = await queryShardedAll(dayKeys.summaryDatePartitions(date), {
      KeyConditionExpression: 'GSI1PK = :pk',
    });
    return items.map(storedSummaryRowOf);
  },

  /**
   * Access pattern "a page of the daily summary rows of one date, in account id order" (firm daily
   * summary): the S GSI1 partitions `SUMDAY#<date>#<hh>` merged in account id order, `limit` rows
   * from the cursor (each partition's position; a cursor of another date is a 400 naming `cursor`);
   * `descending` reads them backwards.
   */
  async pageSummaryRowsByDate(
    date: string,
    options: { limit: number; cursor?: string; descending?: boolean },
  ): Promise<Page<DailySummaryRow>> {
    const page = await queryShardedPage(
      dayKeys.summaryDatePartitions(date),
      { KeyConditionExpression: 'GSI1PK = :pk', ScanIndexForward: options.descending !== true },
      options.limit,
      options.cursor,
    );
    return {
      ...page,
      items: page.items.map((item) => dailySummaryRowSchema.parse(withoutKeys(item))),
    };
  },

  /**
   * Access pattern "an account's daily summary rows, newest first" (trader daily summary): Query
   * `PK = ACCOUNT#<id>`, `SK begins_with SUMROW#`, reverse.
   */
  async listSummaryRowsByAccount(accountId: string): Promise<DailySummaryRow[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :row)',
      ExpressionAttributeValues: { ':pk': accountPk(accountId), ':row': dayKeys.summaryRowPrefix },
      ScanIndexForward: false,
    });
    return items.map((item) => dailySummaryRowSchema.parse(withoutKeys(item)));
  },

  /**
   * Access pattern "the trading dates next to a date": Query `PK = DATES`, `SK < DATE#<date>` reverse
   * Limit 1 and `SK > DATE#<date>` Limit 1.
   */
  async neighbourDates(
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
  },

  /** Access pattern "every date with data": Query `PK = DATES`, oldest first. */
  async allDates(): Promise<string[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :date)',
      ExpressionAttributeValues: {
        ':pk': tradingDateKeys.partition,
        ':date': tradingDateKeys.prefix,
      },
    });
    return items.map((item) => String(item.date));
  },

  /** Access pattern "the latest dates with data": Query `PK = DATES`, reverse. */
  async latestDates(count: number): Promise<string[]> {
    const page = await queryPage(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :date)',
        ExpressionAttributeValues: {
          ':pk': tradingDateKeys.partition,
          ':date': tradingDateKeys.prefix,
        },
        ScanIndexForward: false,
      },
      count,
    );
    return page.items.map((item) => String(item.date));
  },
};
