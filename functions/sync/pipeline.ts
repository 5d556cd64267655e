import { BROKER_FILE_KINDS, type BrokerFileKind } from '@shared/broker-files/kinds';
import { brokerFiles, type BrokerRowByKind } from '@shared/broker-files/registry';
import type { RejectedRow, SyncRecordCountField } from '@shared/sync/sync-run';
import { paymentProviderSchema } from '@shared/revenue/transaction';
import { BatchWriter, type OnRejected } from '../lib/db/batch-writer';
import {
  accountKeys,
  auditKeys,
  dayKeys,
  revenueKeys,
  tradingDateKeys,
  withoutKeys,
} from '../lib/db/keys';
import { getItems } from '../lib/db/table';
import type { Item } from '../lib/db/item';
import { Judge, ProgramCatalog, withProgramAttached } from '../lib/judging/judge';
import { QualityGate } from '../lib/judging/quality-gate';
import { rejudgeStoredFrom } from '../lib/judging/rejudge';
import { RuleBook } from '../lib/judging/rule-book';
import { mapLimit } from '../lib/map-limit';
import { storedAccountSchema } from '../lib/repositories/account-items';
import { AuditDateStats, type DateStats } from '../lib/repositories/audit-items';
import * as performanceItems from '../lib/repositories/performance-items';
import { ACCOUNT_PAGE, ShardAccounts } from './account-book';
import { ShardTraders } from './trader-book';
import {
  accountOf,
  handleRow,
  ingestFile,
  noteChanged,
  traderOf,
  type DateIngest,
  type ShardState,
} from './ingest';
import { judgeDate, STATE_READ_CONCURRENCY } from './judge-date';
import { Tally, type RejectionOrder, type ShardReport, type TallyHooks } from './run-report';
import type { BrokerFileSource } from './s3-source';
import { ownsKey, type ShardSpec } from './shard-plan';
import { countAccount } from '../lib/aggregates/account-aggregates';

/*
 * One shard of the daily sync (DESIGN §6; docs/sync-at-scale.md): for each of the run's dates, oldest
 * first, its files are ingested (ingest.ts), its account-days judged (judge-date.ts) and what a
 * re-ingest no longer holds removed; the run's shared items are written by the finish (finish.ts).
 * Every item is keyed by its natural key and holds no clock time, so running the same dates again
 * leaves the table as it was.
 */

/** What one shard works on: the run's dates, oldest first, and its part of the rows. */
export interface ShardOptions {
  dates: readonly string[];
  shard: ShardSpec;
  source: BrokerFileSource;
  heartbeat?: () => Promise<void>;
  log?: (message: string) => void;
  concurrency?: number;
  /** Every rejected row, in order (the run stores them all: run-report.ts). */
  onReject?: TallyHooks['onReject'];
  /** After each file read and each date judged: where the shard stands. */
  onProgress?: (progress: { dateIndex: number; date: string; filesDone: number }) => void;
}

/** A date's audit stats with its distinct accounts (audit-items's `AuditDateStats.value()`). */
export type StoredDateStats = DateStats;

export type { RejectionOrder } from './run-report';

/**
 * What a shard leaves for the finish step (plain JSON: in AWS it is stored with the run). The shared
 * items of a date (`AUDITSTATS`, `DATES`) are not written by shards, only described.
 */
export interface ShardOutcome {
  shard: ShardSpec;
  dates: string[];
  counts: Record<SyncRecordCountField, number>;
  rejectedRecords: Record<BrokerFileKind, number>;
  /** The shard's first rejected rows, in a single run's order, with that order. */
  rejectedRows: { row: RejectedRow; order: RejectionOrder }[];
  /** Files seen and read through: counted by shard 0 only (every shard reads every file). */
  totalFiles: number;
  processedFiles: number;
  /** Dates with a daily-performance row in this shard: each gets its `DATES` entry at finish. */
  performanceDates: string[];
  /** The audit stats of this shard's rows, by date, for dates that have an audit file. */
  auditStats: Record<string, StoredDateStats>;
  itemsWritten: number;
  /** Per-file counts and the accounts judged (run-report.ts); absent from older stored outcomes. */
  report?: ShardReport;
}

/** The registry lists the kinds in ingest order: who and what first, then the day's activity. */
const INGEST_ORDER: readonly BrokerFileKind[] = BROKER_FILE_KINDS;

/**
 * One shard of a run: ingests and judges the rows it owns (shard-plan.ts) of every date, oldest
 * first, and writes their items; leaves the dates' shared items to {@link finishSync}. Each shard
 * reads every trader and account row, so each account finds its trader and each trader lists its
 * accounts, but writes and counts only its own; of the stored traders and accounts it reads by key
 * only those it needs (account-book.ts, trader-book.ts), never the whole table.
 */
export async function syncShard(options: ShardOptions): Promise<ShardOutcome> {
  const log = options.log ?? (() => undefined);
  const { dates, shard } = options;
  const isFirst = shard.index === 0;
  const tally = new Tally({ onReject: options.onReject });
  let filesDone = 0;
  const performanceDates: string[] = [];
  const auditStatsByDate: Record<string, StoredDateStats> = {};

  const [catalog, rules, registered, incomplete] = await Promise.all([
    ProgramCatalog.load(),
    RuleBook.load(),
    performanceItems.allDates(),
    performanceItems.incompleteDates(),
  ]);
  // The shard's accounts are read by key as each date names them, never the whole table.
  const book = new ShardAccounts();
  // What a re-ingest must re-judge after: each account's latest judged day as the run began (the
  // book keeps it for every account met), and the stored dates outside the run (the run's own dates
  // are judged in order by the loop).
  const { judgedUntil } = book;
  const runDates = new Set(dates);
  const storedDates = new Set([...registered, ...incomplete]);
  const otherStoredDates = [...storedDates].filter((date) => !runDates.has(date)).sort();
  // A date older than a stored date outside the run is a re-ingest of the past: its traders and
  // accounts rows add who is new but do not roll back what a later date's files said.
  const newestOther = otherStoredDates.at(-1) ?? '';
  /** Accounts whose later stored days must be judged again, from the earliest date re-ingested. */
  const rejudgeFrom = new Map<string, string>();
  const needsRejudge = (accountId: string, date: string, removed: boolean): void => {
    const until = judgedUntil.get(accountId);
    if (until === undefined || until < date) return;
    const later = otherStoredDates.some((stored) => stored > date && stored <= until);
    if (!later && !(removed && until === date)) return;
    const from = rejudgeFrom.get(accountId);
    if (from === undefined || date < from) rejudgeFrom.set(accountId, date);
  };
  const refuseRow =
    (kind: BrokerFileKind, file: string, line: number): OnRejected =>
    (reason) => {
      // The row was counted as ingested when read; the table refused its item after.
      tally.counts[brokerFiles[kind].countField] -= 1;
      tally.reject(kind, { file, line, reason });
    };
  const refusalOf = (key: string) => {
    const origin = state.origins.get(key);
    return origin && refuseRow(origin.kind, origin.file, origin.line);
  };
  const judge = new Judge(catalog, rules);
  const writer = new BatchWriter({ concurrency: options.concurrency });
  // Traders are written once, after the last date; accounts after each date, from which a run cut
  // short is re-judged like any re-run (judge-date.ts reads the state of the day before).
  const state: ShardState = {
    shard,
    catalog,
    writer,
    gate: new QualityGate((accountId) => ownsKey(shard, accountId)),
    book,
    traderBook: new ShardTraders(shard),
    changedAccounts: new Set(),
    changedTraders: new Set(),
    origins: new Map(),
    writtenLinks: new Set(),
    touchedAccounts: new Set(),
  };
  const { changedAccounts } = state;
  const accounts = book.working;

  for (const [dateIndex, date] of dates.entries()) {
    log(
      shard.count > 1
        ? `Syncing ${date} (shard ${shard.index + 1} of ${shard.count})`
        : `Syncing ${date}`,
    );
    const files = await options.source.listFiles(date);
    if (isFirst) tally.totalFiles += files.length;
    const previous = await beginDate(date, shard, writer);
    // Accounts holding items on the date: what they were when the run began decides a re-judge.
    await book.load([...previous.keys.values()].map((entry) => entry.accountId));
    /** Keys of the date's items written by this run (what a re-ingest keeps of the stored ones). */
    const written = new Set<string>();
    const day: DateIngest = {
      date,
      pastDate: date < newestOther,
      activity: { performance: new Map(), fills: new Map(), trades: new Map() },
      auditStats: undefined,
      revenueProviders: new Set(),
      traderRows: [],
      accountRows: [],
      async putDated(item, onRejected) {
        if (previous.keys.size > 0) written.add(itemKey(item));
        await writer.put(item, onRejected);
      },
    };
    const { activity } = day;
    tally.dateIndex = dateIndex;
    tally.phase = 0;

    for (const kind of INGEST_ORDER) {
      // A kind may come plain or gzip; both present would be the same rows twice.
      const file = files.find((entry) => entry.kind === kind);
      if (!file) continue;
      if (kind === 'audit-trail') day.auditStats = new AuditDateStats(date);
      const handle = <K extends BrokerFileKind>(kindOf: K, row: BrokerRowByKind[K], line: number) =>
        handleRow(row, state, day, {
          kind: kindOf,
          file,
          line,
          refused: refuseRow(kindOf, file.key, line),
        });
      tally.startFile(file, date);
      await ingestFile(options.source, file, date, tally, handle, shard);
      filesDone += 1;
      options.onProgress?.({ dateIndex, date, filesDone });
    }

    if (day.auditStats) auditStatsByDate[date] = day.auditStats.value();
    // The date's own accounts, read by key in pages, then its accounts rows applied to them.
    await book.load([
      ...day.accountRows.map(({ row }) => row.accountId),
      ...activity.performance.keys(),
    ]);
    await applyTraderRows(state, day);
    await applyAccountRows(state, day);
    tally.phase = 1;
    if (activity.performance.size > 0) performanceDates.push(date);
    await judgeDate(date, activity, {
      accounts,
      changedAccounts,
      judge,
      writer,
      tally,
      gate: state.gate,
      putDated: (item, onRejected) => day.putDated(item, onRejected),
      // The missing-accounts check counts the shard's accounts with data on the previous date: read
      // those by key too (the index of that date names them), not every account.
      loadPrevious: async (previousDate) => {
        const named = await performanceItems.accountsOnDate(previousDate);
        await book.load(named.filter((accountId) => ownsKey(shard, accountId)));
      },
      // A payout dated before the account's last judged day: its days are judged again below.
      onStalePrior: (accountId, from) => {
        const earliest = rejudgeFrom.get(accountId);
        if (earliest === undefined || from < earliest) rejudgeFrom.set(accountId, from);
      },
    });
    await writer.flush();
    // A re-ingest replaces the date: what the stored date held and the files no longer do goes.
    for (const accountId of activity.performance.keys()) {
      needsRejudge(accountId, date, false);
      written.add(itemKey(dayKeys.performance(accountId, date)));
      written.add(itemKey(dayKeys.summaryRow(accountId, date)));
    }
    for (const [id, { key, accountId }] of previous.keys) {
      if (written.has(id)) continue;
      await writer.delete(key);
      if (!activity.performance.has(accountId)) needsRejudge(accountId, date, true);
    }
    if (isFirst && (storedDates.has(date) || previous.keys.size > 0)) {
      for (const provider of paymentProviderSchema.options) {
        if (!day.revenueProviders.has(provider))
          await writer.delete(revenueKeys.record(date, provider));
      }
    }
    // The date's accounts are written and dropped: the next date reads its own.
    await writeAccounts(state, refusalOf);
    await writer.flush();
    book.drop();
    options.onProgress?.({ dateIndex: dateIndex + 1, date, filesDone });
    await options.heartbeat?.();
  }

  // Accounts with stored days after a re-ingested date: those days are judged again, in order.
  for (let start = 0; start < rejudgeFrom.size; start += ACCOUNT_PAGE) {
    const page = [...rejudgeFrom].slice(start, start + ACCOUNT_PAGE);
    await book.load(page.map(([accountId]) => accountId));
    await mapLimit(page, STATE_READ_CONCURRENCY, async ([accountId, from]) => {
      const account = accounts.get(accountId);
      if (!account) return;
      accounts.set(accountId, await rejudgeStoredFrom(account, from, judge, writer));
      changedAccounts.add(accountId);
    });
    await writer.flush();
    await writeAccounts(state, refusalOf);
    await writer.flush();
    book.drop();
  }

  await writeTraders(state, refusalOf);
  await writer.flush();
  await countTouchedAccounts(state);

  return {
    shard,
    dates: [...dates],
    itemsWritten: writer.writtenCount,
    totalFiles: tally.totalFiles,
    processedFiles: tally.processedFiles,
    counts: tally.counts,
    rejectedRecords: tally.rejectedRecords,
    rejectedRows: tally.rejectedRows,
    performanceDates,
    auditStats: auditStatsByDate,
    report: tally.report(),
  };
}

const itemKey = (item: Item): string => `${String(item.PK)}\u0000${String(item.SK)}`;

/** What a date held before this run, for the shard's accounts: each item key and its account. */
interface PreviousDate {
  keys: Map<string, { key: Item; accountId: string }>;
}

/**
 * Starts a date: marks it incomplete (its `DATE#` entry and audit stats head removed, an
 * `INCOMPLETE#` entry written; every shard does it, idempotently) before any of its rows is written,
 * and reads the keys of the items the shard's accounts hold on that date, which a re-ingest replaces.
 * {@link finishSync} makes the date visible again once every shard is through.
 */
async function beginDate(
  date: string,
  shard: ShardSpec,
  writer: BatchWriter,
): Promise<PreviousDate> {
  await writer.put(performanceItems.incompleteDateItemOf(date));
  await writer.delete(tradingDateKeys.date(date));
  await writer.delete(auditKeys.dateStats(date));
  await writer.flush();
  const accounts = (await performanceItems.accountsOnDate(date)).filter((accountId) =>
    ownsKey(shard, accountId),
  );
  const keys = new Map<string, { key: Item; accountId: string }>();
  await mapLimit(accounts, STATE_READ_CONCURRENCY, async (accountId) => {
    for (const key of await performanceItems.dayItemKeys(accountId, date))
      keys.set(itemKey(key), { key, accountId });
  });
  return { keys };
}

/**
 * Merges the date's rows of the shard's own traders, in file order, into the traders as read by key.
 * A past date's rows add a trader who is new to the run's start but do not roll back a stored one.
 */
async function applyTraderRows(state: ShardState, day: DateIngest): Promise<void> {
  const { traderBook } = state;
  await traderBook.load(day.traderRows.map(({ row }) => row.traderId));
  for (const { row, at } of day.traderRows) {
    if (day.pastDate && traderBook.storedAtStart(row.traderId)) continue;
    traderBook.own.set(row.traderId, traderOf(row, traderBook.own.get(row.traderId), at.file));
    noteChanged(state, state.changedTraders, 'trader', row.traderId, at);
  }
}

/**
 * Applies the date's rows of the shard's own accounts, in file order, to the accounts as read. A past
 * date adds an account that is new to the run's start but does not roll back a stored one.
 */
async function applyAccountRows(state: ShardState, day: DateIngest): Promise<void> {
  const { book, catalog, traderBook } = state;
  await traderBook.load(traderBook.needRead(day.accountRows.map(({ row }) => row.traderId)));
  for (const { row, at } of day.accountRows) {
    if (day.pastDate && book.storedAtStart(row.accountId)) continue;
    const next = accountOf(row, book.working.get(row.accountId), traderBook.emailOf(row.traderId));
    book.working.set(row.accountId, withProgramAttached(next, catalog));
    book.traderOf.set(row.accountId, row.traderId);
    noteChanged(state, state.changedAccounts, 'account', row.accountId, at);
  }
}

/** Writes the accounts the date touched whose stored item would change, and forgets them. */
async function writeAccounts(
  { writer, book, changedAccounts, origins, touchedAccounts }: ShardState,
  refusalOf: (key: string) => OnRejected | undefined,
): Promise<void> {
  for (const accountId of changedAccounts) {
    const account = book.working.get(accountId);
    const change = account && book.changed(account);
    if (change) await writer.put(change.item, refusalOf(`account#${accountId}`));
    touchedAccounts.add(accountId);
    origins.delete(`account#${accountId}`);
  }
  changedAccounts.clear();
}

/**
 * Once the shard's accounts are stored, the kept aggregates follow each account the run touched,
 * read back by key a page at a time (the shard holds no account past its date). Counted as the run
 * ends, not as each date left them, so a re-run of the same nights, which passes through the same
 * intermediate days to the same end, changes no counter and no marker; and every touched account,
 * written or not, so an account a killed run stored but never counted is counted by the next run
 * (counting one whose figures are counted already is one marker read: functions/lib/aggregates).
 */
async function countTouchedAccounts({ touchedAccounts }: ShardState): Promise<void> {
  const ids = [...touchedAccounts];
  for (let start = 0; start < ids.length; start += ACCOUNT_PAGE) {
    const page = ids.slice(start, start + ACCOUNT_PAGE);
    const items = await getItems(page.map((id) => accountKeys.profile(id)));
    await mapLimit(items, STATE_READ_CONCURRENCY, async (item) => {
      await countAccount(storedAccountSchema.parse(withoutKeys(item)));
    });
  }
}

/**
 * Writes the traders the run touched whose stored item would change: a trader lists the accounts the
 * broker attributes to them (every account the run met), and an unchanged item is not written again.
 */
async function writeTraders(
  { writer, book, traderBook, changedTraders, shard }: ShardState,
  /** The rejection of the row a trader (`trader#<id>`) came from. */
  refusalOf: (key: string) => OnRejected | undefined,
): Promise<void> {
  const ownTraders = (traderId: string) => ownsKey(shard, traderId);
  await traderBook.load([...new Set(book.traderOf.values())].filter(ownTraders));
  for (const [accountId, traderId] of book.traderOf) {
    const trader = ownTraders(traderId) ? traderBook.own.get(traderId) : undefined;
    if (trader && !trader.accounts.includes(accountId)) {
      traderBook.own.set(traderId, { ...trader, accounts: [...trader.accounts, accountId].sort() });
      changedTraders.add(traderId);
    }
  }
  for (const traderId of changedTraders) {
    const change = traderBook.changed(traderId);
    if (change) await writer.put(change.item, refusalOf(`trader#${traderId}`));
  }
}
