import { dailySummaryRowSchema, type DailySummaryRow } from '@shared/summaries/daily-summary';
import type { DailySummaryTotals } from '@shared/summaries/daily-summary-query';
import { accountPhaseSchema, rithmicStatusSchema } from '@shared/accounts/account';
import { performanceGroupKey } from '@shared/performance/performance-group';
import type { PerformanceGroupCount } from '@shared/performance/performance-list';
import { mapLimit } from '../map-limit';
import type { Item } from '../db/item';
import { countSubject, readCounts, type Contribution, type Counts } from './store';

/*
 * What a daily summary row (`ACCOUNT#<id> / SUMROW#<date>`) contributes to the kept aggregates: the
 * firm summary's totals of its date (rows, P&L in cents, trades, accounts by status), its account's
 * (a trader summary sums its accounts'), and its Latest Performance group's row count. The subject is
 * the account-day, so a re-judge that rewrites the row moves its figures, a void's delete takes them
 * out, and a re-run that writes the same row writes nothing (the marker holds what it counted).
 */

/** The counter scope of one date's summary rows (the firm summary's totals). */
export const summaryDayScope = (date: string) => `sumday#${date}`;

const SUMROW_KIND = 'sumrow';
const SUMROW_PREFIX = 'SUMROW#';
const COUNT_CONCURRENCY = 8;

/** The counter scope of one account's summary rows (a trader summary's totals sum its accounts'). */
export const summaryAccountScope = (accountId: string) => `sumaccount#${accountId}`;
/** The counter scope of one date's Latest Performance groups: rows by group, and by group and status. */
export const latestGroupsScope = (date: string) => `perfday#${date}`;

/** A stored summary row: the row the tables show, and the Latest Performance group it is listed in. */
export interface StoredSummaryRow {
  row: DailySummaryRow;
  group?: string | undefined;
}

/** The stored summary row of an item (undefined for a delete's key). */
export function storedSummaryRowOf(item: Item): StoredSummaryRow {
  return {
    row: dailySummaryRowSchema.parse(item),
    ...(typeof item.group === 'string' && { group: item.group }),
  };
}

/** The counters one summary row adds to its date, its account and its Latest Performance group. */
export function summaryRowContribution({ row, group }: StoredSummaryRow): Contribution {
  const totals: Counts = {
    rows: 1,
    pnlCents: Math.round(row.dailyPnl * 100),
    trades: row.dailyTrades,
    [row.accountStatus]: 1,
  };
  const counters: Record<string, Counts> = {
    [summaryDayScope(row.date)]: totals,
    [summaryAccountScope(row.accountId)]: { ...totals },
  };
  if (group !== undefined) {
    counters[latestGroupsScope(row.date)] = { [group]: 1, [`${group}|${row.accountStatus}`]: 1 };
  }
  return { counters, index: [] };
}

/** Whether a stored item (or a key) is a daily summary row. */
export function isSummaryRowKey(key: Item): boolean {
  return typeof key.SK === 'string' && key.SK.startsWith(SUMROW_PREFIX);
}

const subjectOf = (key: Item) => {
  const accountId = String(key.PK).slice('ACCOUNT#'.length);
  const date = String(key.SK).slice(SUMROW_PREFIX.length);
  return `${accountId}#${date}`;
};

/**
 * Counts summary rows as a writer stored them (after its flush): a put counts the row's figures, a
 * delete (`row` undefined) takes the row's out. Each is a marker read when nothing changed.
 */
export async function countSummaryRowWrites(
  writes: readonly { key: Item; item: Item | undefined }[],
): Promise<void> {
  await mapLimit(writes, COUNT_CONCURRENCY, async ({ key, item }) => {
    await countSubject(
      SUMROW_KIND,
      subjectOf(key),
      item && summaryRowContribution(storedSummaryRowOf(item)),
    );
  });
}

/** Totals of counters as one date's scope holds them. */
export function summaryTotalsOf(counts: Counts): DailySummaryTotals {
  return {
    rows: counts.rows ?? 0,
    dailyPnl: (counts.pnlCents ?? 0) / 100,
    dailyTrades: counts.trades ?? 0,
    active: counts.active ?? 0,
    passed: counts.passed ?? 0,
    failed: counts.failed ?? 0,
  };
}

/** The firm summary's totals of a date: one Query of the date's few counter shards. */
export async function readSummaryTotals(date: string): Promise<DailySummaryTotals> {
  return summaryTotalsOf(await readCounts(summaryDayScope(date)));
}

/** A trader summary's totals: its accounts' counters summed (one small Query per account). */
export async function readAccountsSummaryTotals(
  accountIds: readonly string[],
): Promise<DailySummaryTotals> {
  const sums: Counts = {};
  for (const counts of await Promise.all(
    accountIds.map((accountId) => readCounts(summaryAccountScope(accountId))),
  ))
    for (const [field, value] of Object.entries(counts)) sums[field] = (sums[field] ?? 0) + value;
  return summaryTotalsOf(sums);
}

/** Every Latest Performance group, in the lists' order (phase, then Active, Inactive, Admin Only). */
export const LATEST_GROUPS = accountPhaseSchema.options.flatMap((phase) =>
  rithmicStatusSchema.options.map((rithmicStatus) => ({
    key: performanceGroupKey(phase, rithmicStatus),
    phase,
    rithmicStatus,
  })),
);

/**
 * Latest Performance's group counts of a date from the kept counters of its summary rows (one Query
 * of a few counter shards), in the lists' order; undefined when no row of the date was placed in a
 * group (rows stored before they were: such a date is read whole).
 */
export async function readLatestGroupCounts(
  date: string,
): Promise<PerformanceGroupCount[] | undefined> {
  const counts = await readCounts(latestGroupsScope(date));
  const groups = LATEST_GROUPS.map(({ key, phase, rithmicStatus }) => ({
    phase,
    rithmicStatus,
    rows: counts[key] ?? 0,
  }));
  return groups.some((group) => group.rows > 0) ? groups : undefined;
}
