import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import type { DailySummaryTotals } from '@shared/summaries/daily-summary-query';
import { mapLimit } from '../map-limit';
import type { Item } from '../db/item';
import { countSubject, readCounts, type Contribution, type Counts } from './store';

/*
 * What a daily summary row (`ACCOUNT#<id> / SUMROW#<date>`) contributes to the kept aggregates: the
 * firm summary's totals of its date (rows, P&L in cents, trades, accounts by status). The subject is
 * the account-day, so a re-judge that rewrites the row moves its figures, a void's delete takes them
 * out, and a re-run that writes the same row writes nothing (the marker holds what it counted).
 */

/** The counter scope of one date's summary rows (the firm summary's totals). */
export const summaryDayScope = (date: string) => `sumday#${date}`;

const SUMROW_KIND = 'sumrow';
const SUMROW_PREFIX = 'SUMROW#';
const COUNT_CONCURRENCY = 8;

/** The counters one summary row adds to its date. */
export function summaryRowContribution(row: DailySummaryRow): Contribution {
  return {
    counters: {
      [summaryDayScope(row.date)]: {
        rows: 1,
        pnlCents: Math.round(row.dailyPnl * 100),
        trades: row.dailyTrades,
        [row.accountStatus]: 1,
      },
    },
    index: [],
  };
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
  writes: readonly { key: Item; row: DailySummaryRow | undefined }[],
): Promise<void> {
  await mapLimit(writes, COUNT_CONCURRENCY, async ({ key, row }) => {
    await countSubject(SUMROW_KIND, subjectOf(key), row && summaryRowContribution(row));
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
