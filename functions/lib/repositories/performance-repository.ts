import * as z from 'zod';
import { dailySummaryRowSchema, type DailySummaryRow } from '@shared/summaries/daily-summary';
import { accountPhaseSchema, rithmicStatusSchema } from '@shared/accounts/account';
import { dayKeys, tradingDateKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import {
  getItem,
  getItems,
  projectionOf,
  queryAll,
  queryPage,
  type Item,
  type QueryInput,
} from '../db/table';
import { queryShardedAll, queryShardedPage, SHARDED_INDEXES } from '../db/sharded-query';
import { storedSummaryRowOf, type StoredSummaryRow } from '../aggregates/summary-aggregates';
import {
  accountDayOf,
  accountDaySchema,
  accountPk,
  accountsOnDate,
  allDates,
  dateItemOf,
  dayItemKeys,
  dayItemsOf,
  fillItemOf,
  getDayBefore,
  getPlacement,
  getStoredDay,
  incompleteDateItemOf,
  incompleteDateKey,
  incompleteDates,
  listActivityFrom,
  listDaysFrom,
  listFiguresSchema,
  listFills,
  listHistory,
  listTrades,
  neighbourDates,
  parsePerformance,
  performanceItemOf,
  queryAccountPrefix,
  storedSymbolSchema,
  storedTradeSchema,
  summaryRowItemOf,
  symbolItemOf,
  tradeItemOf,
  type AccountDay,
  type PerformanceListFigures,
  type StoredPerformance,
  type StoredSymbol,
  type StoredTrade,
} from './performance-items';

// The stored shapes are defined with their items; the screens' callers name them from here.
export {
  storedPerformanceSchema,
  type AccountHistory,
  type StoredPerformance,
} from './performance-items';

/** The stored day without engine internals, as screens read it. */
export type PerformanceDay = Omit<StoredPerformance, 'engineState' | 'judgedBy' | 'placement'>;

function withoutEngineState({
  engineState: _engineState,
  judgedBy: _judgedBy,
  placement: _placement,
  ...day
}: StoredPerformance): PerformanceDay {
  return day;
}

/** A summary row as Latest Performance reads it: the account, its group then, the day's figures. */
const latestPerformanceRowSchema = z.object({
  accountId: z.string().min(1),
  phase: accountPhaseSchema,
  rithmicStatus: rithmicStatusSchema,
  latest: listFiguresSchema.omit({ Account: true, Date: true }),
});
export type LatestPerformanceRow = z.infer<typeof latestPerformanceRowSchema>;

/** Projection of `listFiguresByDate`: the list's figures only (what GSI4 projects). */
export function listFiguresProjection() {
  return projectionOf(Object.keys(listFiguresSchema.shape));
}

export interface AccountDayDetail {
  performance: PerformanceDay;
  trades: StoredTrade[];
  symbols: StoredSymbol[];
}

/** One account-day as the account page reads it: its account, date and `AccountDay`. */
export type AccountPageDay = AccountDay & { Account: string; Date: string };

/** What the account page reads of a summary row (`day` is absent on rows stored before it). */
const accountDayRowSchema = z.object({
  accountId: z.string().min(1),
  date: z.string(),
  day: accountDaySchema.optional(),
});

/** A query of an account's summary rows, projecting what the account page reads of them. */
function accountDayRowsQuery(accountId: string, newestFirst: boolean): QueryInput {
  return {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :row)',
    ExpressionAttributeValues: { ':pk': accountPk(accountId), ':row': dayKeys.summaryRowPrefix },
    ScanIndexForward: !newestFirst,
    ProjectionExpression: 'accountId, #date, #day',
    ExpressionAttributeNames: { '#date': 'date', '#day': 'day' },
  };
}

/** Every summary row item of one date as stored: Query GSI1 `SUMDAY#<date>#<h>`, merged. */
function summaryRowItemsOfDate(date: string): Promise<Item[]> {
  return queryShardedAll(dayKeys.summaryDatePartitions(date), {
    KeyConditionExpression: 'GSI1PK = :pk',
  });
}

/**
 * The account page's days from summary rows, in their order. A row stored before rows kept `day`
 * is read from its judged day (one BatchGet of those days' `PERF#` items), so old data shows every
 * day as before until it is re-judged or rewritten.
 */
async function accountDaysOf(items: readonly Item[]): Promise<AccountPageDay[]> {
  const rows = items.map((item) => accountDayRowSchema.parse(item));
  const older = await getItems(
    rows.filter((row) => !row.day).map((row) => dayKeys.performance(row.accountId, row.date)),
  );
  const judged = new Map(
    older.map(parsePerformance).map((day) => [`${day.Account}#${day.Date}`, accountDayOf(day)]),
  );
  return rows.flatMap((row) => {
    const day = row.day ?? judged.get(`${row.accountId}#${row.date}`);
    return day ? [{ ...day, Account: row.accountId, Date: row.date }] : [];
  });
}

/**
 * Daily performance, fills, trades and symbol rows of accounts, and the dates that have data: the
 * screens' lists and pages, beside the items and reads by key of performance-items.ts (which the sync
 * and judging import directly, so their bundles leave these queries out).
 */
export const performanceRepository = {
  performanceItemOf,
  summaryRowItemOf,
  dayItemsOf,
  fillItemOf,
  tradeItemOf,
  symbolItemOf,
  dateItemOf,
  incompleteDateItemOf,
  incompleteDateKey,
  incompleteDates,
  allDates,
  neighbourDates,
  accountsOnDate,
  dayItemKeys,
  getStoredDay,
  getPlacement,
  getDayBefore,
  listDaysFrom,
  listHistory,
  listActivityFrom,
  listTrades,
  listFills,

  /**
   * Access pattern "an account's latest judged days": Query `PK = ACCOUNT#<id>`, `SK begins_with
   * PERF#`, reverse, paged with a cursor; whole days (the account page reads `pageAccountDays`).
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
   * Every account's whole performance of one date: its keys from GSI4 `DAY#<date>#<h>`, then a
   * BatchGet of the items, in account id order. No route reads this (a date's readers read the index's
   * figures or keys); tests and tools compare whole days with it.
   */
  async listByDate(date: string): Promise<PerformanceDay[]> {
    const accounts = await accountsOnDate(date);
    const items = await getItems(accounts.map((accountId) => dayKeys.performance(accountId, date)));
    return items
      .map((item) => withoutEngineState(parsePerformance(item)))
      .sort((a, b) => (a.Account < b.Account ? -1 : a.Account > b.Account ? 1 : 0));
  },

  /**
   * Access pattern "the figures of every account on one date" (Latest Performance read whole, the
   * dashboard's worst P&L of a date stored before its rows had groups): Query GSI4
   * `GSI4PK = DAY#<date>#<h>`, which projects exactly the list's figures.
   */
  async listFiguresByDate(date: string): Promise<PerformanceListFigures[]> {
    const items = await queryShardedAll(
      dayKeys.datePartitions(date),
      {
        KeyConditionExpression: 'GSI4PK = :pk',
        ...listFiguresProjection(),
      },
      SHARDED_INDEXES.GSI4,
    );
    return items.map((item) => listFiguresSchema.parse(item));
  },

  /**
   * Every daily performance of an account, newest first, without the engine state: Query
   * `SK begins_with PERF#`, reverse, every page. No route reads this (the account page reads its days
   * a page at a time from their summary rows, `pageAccountDays`); tests and tools compare whole
   * histories with it.
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
   * Access pattern "an account's days, newest first" (the account page and its further pages):
   * Query `PK = ACCOUNT#<id>`, `SK begins_with SUMROW#`, reverse, paged with a cursor; ~1 KB a day
   * read (the row's `day`), a row stored without it read from its judged day.
   */
  async pageAccountDays(
    accountId: string,
    options: { limit: number; cursor?: string | undefined },
  ): Promise<Page<AccountPageDay>> {
    const page = await queryPage(
      accountDayRowsQuery(accountId, true),
      options.limit,
      options.cursor,
    );
    return { ...page, items: await accountDaysOf(page.items) };
  },

  /**
   * Access pattern "an account's days, every day, oldest first" (the account page's balance chart):
   * Query `SK begins_with SUMROW#`, every page; ~1 KB a day read, not the judged day.
   */
  async listAccountDays(accountId: string): Promise<AccountPageDay[]> {
    return accountDaysOf(await queryAll(accountDayRowsQuery(accountId, false)));
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

  /**
   * Access pattern "some accounts' judged days of one date" (to write their summary rows whole):
   * BatchGet of their `PERF#<date>` items (a projection would cost the same: the items' size).
   */
  async getStoredDays(date: string, accountIds: readonly string[]): Promise<StoredPerformance[]> {
    const items = await getItems(
      accountIds.map((accountId) => dayKeys.performance(accountId, date)),
    );
    return items.map(parsePerformance);
  },

  /** Every summary row item of one date as stored (to rewrite those stored without `day`). */
  listSummaryRowItemsByDate: summaryRowItemsOfDate,

  /**
   * Access pattern "every account's daily summary row of one date" (firm daily summary): Query GSI1
   * `GSI1PK = SUMDAY#<date>`, in account id order.
   */
  async listSummaryRowsByDate(date: string): Promise<DailySummaryRow[]> {
    const items = await summaryRowItemsOfDate(date);
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
   * Access pattern "every row of some Latest Performance groups of a date" (a group sorted on a column
   * no index orders, or filtered by status): the groups' GSI2 partitions read whole, projecting the
   * row. O(the groups' rows), not the date's.
   */
  async listGroupRowsByDate(
    date: string,
    groups: readonly string[],
  ): Promise<LatestPerformanceRow[]> {
    const items = await queryShardedAll(
      groups.flatMap((group) => dayKeys.groupDatePartitions(date, group)),
      {
        KeyConditionExpression: 'GSI2PK = :pk',
        ...projectionOf(Object.keys(latestPerformanceRowSchema.shape)),
      },
      SHARDED_INDEXES.GSI2,
    );
    return items.map((item) => latestPerformanceRowSchema.parse(item));
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
    return (await summaryRowItemsOfDate(date)).map(storedSummaryRowOf);
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
