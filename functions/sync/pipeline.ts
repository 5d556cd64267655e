import { BROKER_FILE_KINDS, type BrokerFileKind } from '@shared/broker-files/kinds';
import {
  brokerFiles,
  missingColumns,
  parseBrokerRow,
  type BrokerRowByKind,
} from '@shared/broker-files/registry';
import type { AccountRow, DailyPerformanceRow, TraderRow } from '@shared/broker-files/rows';
import type { DayFill, DayTrade } from '@shared/rules/day-input';
import type { EngineState } from '@shared/rules/engine-state';
import {
  SYNC_DAYS_DEFAULT,
  SYNC_REJECTED_ROWS_KEPT,
  type RejectedRow,
  type SyncRecordCountField,
  type SyncRequest,
  type SyncSummary,
} from '@shared/sync/sync-run';
import { paymentProviderSchema } from '@shared/revenue/transaction';
import type { Trader } from '@shared/traders/trader';
import { BatchWriter, type OnRejected } from '../lib/db/batch-writer';
import { auditKeys, dayKeys, revenueKeys, tradingDateKeys } from '../lib/db/keys';
import type { Item } from '../lib/db/item';
import { accountRepository, type StoredAccount } from '../lib/repositories/account-repository';
import {
  AuditDateStats,
  auditRepository,
  dateStatsItems,
  type DateStats,
} from '../lib/repositories/audit-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { revenueRepository } from '../lib/repositories/revenue-repository';
import { RuleBook } from './rule-book';
import { traderRepository } from '../lib/repositories/trader-repository';
import { readCsv } from './csv-rows';
import { Judge, ProgramCatalog, withProgramAttached } from './judge';
import { selectDates } from './date-selection';
import { rejudgeStoredFrom } from './regenerate';
import { gateDay, heldBreachesOf, QualityGate, withGatedFields } from './quality-gate';
import type { BrokerFile, BrokerFileSource } from './s3-source';
import {
  mergeReports,
  Tally,
  type RejectionOrder,
  type ShardReport,
  type TallyHooks,
} from './run-report';
import { ownsKey, ownsRow, SINGLE_SHARD, shardsOf, type ShardSpec } from './shard-plan';

export interface SyncOptions {
  /** How many of the latest trading-date folders to sync (when no `request` is given). */
  count?: number;
  /** The latest `count` folders, or named dates (date-selection.ts). @default { count } */
  request?: SyncRequest;
  /** The run's clock: folders dated after its today (America/Chicago) are refused. */
  now?: () => number;
  source: BrokerFileSource;
  /** Called between dates; a run that lost its lock throws from here and stops. */
  heartbeat?: () => Promise<void>;
  log?: (message: string) => void;
  /** BatchWriteItem calls in flight, per shard. */
  concurrency?: number;
  /** Shards the run is split into (rows by account hash, shard-plan.ts). @default 1 */
  shards?: number;
  /** Shards run at once in this process. @default every shard */
  shardConcurrency?: number;
}

export interface SyncOutcome {
  dates: string[];
  summary: SyncSummary;
  /** Items the table acknowledged: what the benchmark compares with plain batch writes. */
  itemsWritten: number;
}

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

/** A date's audit stats with its distinct accounts (audit-repository's `AuditDateStats.value()`). */
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

/** Kinds whose rows carry the trading date they belong to, which must be their folder's. */
const DATED_KINDS = new Set<BrokerFileKind>([
  'daily-performance',
  'daily-fills',
  'daily-trades',
  'daily-symbols',
]);

/** Re-runs read each account's state before the first date; this many reads at once. */
const STATE_READ_CONCURRENCY = 16;

/** The items of accounts and traders as stored when the run began, to skip rewriting unchanged ones. */
interface StoredItems {
  accounts: ReadonlyMap<string, string>;
  traders: ReadonlyMap<string, string>;
}

/** What one date's files leave for the judgement. */
interface DateActivity {
  performance: Map<string, { row: DailyPerformanceRow; file: BrokerFile; line: number }>;
  fills: Map<string, DayFill[]>;
  trades: Map<string, DayTrade[]>;
}

function traderOf(row: TraderRow, existing: Trader | undefined, file: BrokerFile): Trader {
  const brokers = (existing?.brokers ?? []).filter((broker) => broker.name !== 'Rithmic');
  if (row.rithmicUserId) brokers.unshift({ name: 'Rithmic', userId: row.rithmicUserId });
  return {
    ...existing,
    traderId: row.traderId,
    firstName: row.firstName ?? existing?.firstName ?? '',
    lastName: row.lastName ?? existing?.lastName ?? '',
    username: row.username ?? existing?.username,
    email: row.email,
    phoneNumber: row.phoneNumber ?? existing?.phoneNumber,
    status: row.status ?? existing?.status,
    tradingStatus: row.tradingStatus ?? existing?.tradingStatus,
    rithmicUserId: row.rithmicUserId ?? existing?.rithmicUserId,
    brokers,
    accounts: existing?.accounts ?? [],
    fingerprints: existing?.fingerprints ?? [],
    ipAddresses: existing?.ipAddresses ?? [],
    phone: existing?.phone ?? {},
    fileModifiedDate: file.lastModified,
  };
}

function accountOf(
  row: AccountRow,
  existing: StoredAccount | undefined,
  email: string | undefined,
): StoredAccount {
  return {
    resetCount: 0,
    status: 'active',
    phase: 'evaluation',
    ...existing,
    accountId: row.accountId,
    name: row.name ?? existing?.name ?? '',
    traderId: row.traderId,
    email: email ?? existing?.email,
    currency: row.currency ?? existing?.currency ?? 'USD',
    rithmicStatus: row.rithmicStatus ?? 'Active',
    pbtStatus: row.pbtStatus ?? existing?.pbtStatus,
    fcm: row.fcm ?? existing?.fcm,
    ib: row.ib ?? existing?.ib,
    createdDate: row.createdDate ?? existing?.createdDate,
  };
}

export async function mapLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(workers);
}

/**
 * The daily sync (DESIGN §6): for each of the last `count` date folders, oldest first, stream every
 * broker file, validate each row with the shared schemas (a bad row is rejected with file, line and
 * reason, the rest kept), write in batches, attach accounts to programs, judge each account-day from
 * the stored state and update the account summaries. Every item is keyed by its natural key and holds
 * no clock time, so running the same dates again leaves the table as it was.
 *
 * In-process, the run is what Step Functions runs in AWS (docs/sync-at-scale.md): the plan (the
 * dates), `shards` shards of {@link syncShard}, `shardConcurrency` at a time, then {@link finishSync}.
 */
export async function runSync(options: SyncOptions): Promise<SyncOutcome> {
  const started = Date.now();
  const request = options.request ?? { count: options.count ?? SYNC_DAYS_DEFAULT };
  const { dates, refusedDates, missingDates } = await selectDates(
    options.source,
    request,
    (options.now ?? Date.now)(),
  );
  const shards = shardsOf(Math.max(1, options.shards ?? 1));
  const outcomes: ShardOutcome[] = [];
  await mapLimit(shards, options.shardConcurrency ?? shards.length, async (shard) => {
    outcomes.push(
      await syncShard({
        dates,
        shard,
        source: options.source,
        heartbeat: options.heartbeat,
        log: options.log,
        concurrency: options.concurrency,
      }),
    );
  });
  const finished = await finishSync(dates, outcomes, { concurrency: options.concurrency });
  return {
    dates,
    itemsWritten: finished.itemsWritten,
    summary: {
      processingTimeMs: Date.now() - started,
      ...finished.summary,
      refusedDates,
      missingDates,
    },
  };
}

/**
 * One shard of a run: ingests and judges the rows it owns (shard-plan.ts) of every date, oldest
 * first, and writes their items; leaves the dates' shared items to {@link finishSync}. Each shard
 * reads every trader and account row, so each account finds its trader and each trader lists its
 * accounts, but writes and counts only its own.
 */
export async function syncShard(options: ShardOptions): Promise<ShardOutcome> {
  const log = options.log ?? (() => undefined);
  const { dates, shard } = options;
  const isFirst = shard.index === 0;
  const tally = new Tally({ onReject: options.onReject });
  let filesDone = 0;
  const performanceDates: string[] = [];
  const auditStatsByDate: Record<string, StoredDateStats> = {};

  const [catalog, rules, storedAccounts, storedTraders, registered, incomplete] = await Promise.all(
    [
      ProgramCatalog.load(),
      RuleBook.load(),
      accountRepository.listAll(),
      traderRepository.listAll(),
      performanceRepository.allDates(),
      performanceRepository.incompleteDates(),
    ],
  );
  // What a re-ingest must re-judge after: each account's latest judged day as the run began, and
  // the stored dates outside the run (the run's own dates are judged in order by the loop).
  const storedTraderIds = new Set(storedTraders.map((trader) => trader.traderId));
  const judgedUntil = new Map(
    storedAccounts.map((account) => [account.accountId, account.engineStateDate]),
  );
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
  /** Where the accounts and traders to write came from, to reject their row if the table refuses it. */
  const origins = new Map<string, { kind: BrokerFileKind; file: string; line: number }>();
  const refuseRow =
    (kind: BrokerFileKind, file: string, line: number): OnRejected =>
    (reason) => {
      // The row was counted as ingested when read; the table refused its item after.
      tally.counts[brokerFiles[kind].countField] -= 1;
      tally.reject(kind, { file, line, reason });
    };
  const judge = new Judge(catalog, rules);
  const accounts = new Map(storedAccounts.map((account) => [account.accountId, account]));
  const stored: StoredItems = {
    accounts: new Map(
      storedAccounts.map((account) => [
        account.accountId,
        JSON.stringify(accountRepository.itemOf(account)),
      ]),
    ),
    traders: new Map(
      storedTraders.map((trader) => [
        trader.traderId,
        JSON.stringify(traderRepository.itemOf(trader)),
      ]),
    ),
  };
  const traders = new Map(storedTraders.map((trader) => [trader.traderId, trader]));
  const writer = new BatchWriter({ concurrency: options.concurrency });
  // Accounts and traders are written once, after the last date: a run cut short leaves them at their
  // previous state, from which the next run re-judges the same dates correctly.
  const changedAccounts = new Set<string>();
  const changedTraders = new Set<string>();
  const writtenLinks = new Set<string>();
  const gate = new QualityGate((accountId) => ownsKey(shard, accountId));

  for (const [dateIndex, date] of dates.entries()) {
    log(
      shard.count > 1
        ? `Syncing ${date} (shard ${shard.index + 1} of ${shard.count})`
        : `Syncing ${date}`,
    );
    const files = await options.source.listFiles(date);
    if (isFirst) tally.totalFiles += files.length;
    const previous = await beginDate(date, shard, writer);
    const pastDate = date < newestOther;
    /** Keys of the date's items written by this run (what a re-ingest keeps of the stored ones). */
    const written = new Set<string>();
    const revenueProviders = new Set<string>();
    const putDated = async (item: Item, onRejected: OnRejected) => {
      if (previous.keys.size > 0) written.add(itemKey(item));
      await writer.put(item, onRejected);
    };
    tally.dateIndex = dateIndex;
    tally.phase = 0;
    const activity: DateActivity = { performance: new Map(), fills: new Map(), trades: new Map() };
    let auditStats: AuditDateStats | undefined;

    for (const kind of INGEST_ORDER) {
      // A kind may come plain or gzip; both present would be the same rows twice.
      const file = files.find((entry) => entry.kind === kind);
      if (!file) continue;
      if (kind === 'audit-trail') auditStats = new AuditDateStats(date);
      const handle = async <K extends BrokerFileKind>(
        kindOf: K,
        row: BrokerRowByKind[K],
        line: number,
      ) => {
        const refused = refuseRow(kindOf, file.key, line);
        switch (kindOf) {
          case 'traders': {
            const trader = row as TraderRow;
            if (pastDate && storedTraderIds.has(trader.traderId)) break;
            traders.set(trader.traderId, traderOf(trader, traders.get(trader.traderId), file));
            if (ownsKey(shard, trader.traderId)) {
              changedTraders.add(trader.traderId);
              origins.set(`trader#${trader.traderId}`, { kind: kindOf, file: file.key, line });
            }
            break;
          }
          case 'accounts': {
            const account = row as AccountRow;
            if (pastDate && judgedUntil.has(account.accountId)) break;
            const next = accountOf(
              account,
              accounts.get(account.accountId),
              traders.get(account.traderId)?.email,
            );
            accounts.set(account.accountId, withProgramAttached(next, catalog));
            if (ownsKey(shard, account.accountId)) {
              changedAccounts.add(account.accountId);
              origins.set(`account#${account.accountId}`, { kind: kindOf, file: file.key, line });
            }
            break;
          }
          case 'relationships': {
            // The broker repeats every link in each date's file: write each once per run.
            const item = accountRepository.linkItemOf(row as BrokerRowByKind['relationships']);
            const written = JSON.stringify(item);
            if (!writtenLinks.has(written)) {
              writtenLinks.add(written);
              await writer.put(item, refused);
            }
            break;
          }
          case 'daily-performance': {
            const performance = row as DailyPerformanceRow;
            activity.performance.set(performance.Account, { row: performance, file, line });
            break;
          }
          case 'daily-fills': {
            const fill = row as BrokerRowByKind['daily-fills'];
            await putDated(performanceRepository.fillItemOf(fill), refused);
            gate.noteFill(fill.Account, fill.FillId);
            const fills = activity.fills.get(fill.Account) ?? [];
            fills.push({
              FillTime: fill.FillTime,
              Symbol: fill.Symbol,
              Side: fill.Side,
              FillSize: fill.FillSize,
              FillPrice: fill.FillPrice,
            });
            activity.fills.set(fill.Account, fills);
            break;
          }
          case 'daily-trades': {
            const trade = row as BrokerRowByKind['daily-trades'];
            await putDated(performanceRepository.tradeItemOf(trade), refused);
            const trades = activity.trades.get(trade.Account) ?? [];
            trades.push({ Symbol: trade.Symbol, Pnl: trade.Pnl });
            activity.trades.set(trade.Account, trades);
            break;
          }
          case 'daily-symbols':
            await putDated(
              performanceRepository.symbolItemOf(row as BrokerRowByKind['daily-symbols']),
              refused,
            );
            break;
          case 'audit-trail': {
            const record = row as BrokerRowByKind['audit-trail'];
            await writer.put(auditRepository.itemOf(record), refused);
            auditStats?.add(record);
            break;
          }
          case 'daily-revenue': {
            const revenue = row as BrokerRowByKind['daily-revenue'];
            revenueProviders.add(revenue.provider);
            await writer.put(
              revenueRepository.itemOf({
                date: revenue.date,
                provider: revenue.provider,
                metrics: {
                  grossIncome: revenue.grossIncome,
                  netIncome: revenue.netIncome ?? revenue.grossIncome - (revenue.totalFees ?? 0),
                  totalFees: revenue.totalFees ?? 0,
                  transactionCount: revenue.transactionCount ?? 0,
                  traderCount: revenue.traderCount ?? 0,
                },
                ...(revenue.collectionTimestamp && {
                  collectionTimestamp: revenue.collectionTimestamp,
                }),
              }),
              refused,
            );
            break;
          }
        }
      };
      tally.startFile(file, date);
      await ingestFile(options.source, file, date, tally, handle, shard);
      filesDone += 1;
      options.onProgress?.({ dateIndex, date, filesDone });
    }

    if (auditStats) auditStatsByDate[date] = auditStats.value();
    tally.phase = 1;
    if (activity.performance.size > 0) performanceDates.push(date);
    await judgeDate(date, activity, { accounts, changedAccounts, judge, writer, tally, gate });
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
        if (!revenueProviders.has(provider))
          await writer.delete(revenueKeys.record(date, provider));
      }
    }
    await writer.flush();
    options.onProgress?.({ dateIndex: dateIndex + 1, date, filesDone });
    await options.heartbeat?.();
  }

  // Accounts with stored days after a re-ingested date: those days are judged again, in order.
  await mapLimit([...rejudgeFrom], STATE_READ_CONCURRENCY, async ([accountId, from]) => {
    const account = accounts.get(accountId);
    if (!account) return;
    accounts.set(accountId, await rejudgeStoredFrom(account, from, judge, writer));
    changedAccounts.add(accountId);
  });
  await writer.flush();

  await writeChanged(
    writer,
    accounts,
    traders,
    stored,
    changedAccounts,
    changedTraders,
    shard,
    (key) => {
      const origin = origins.get(key);
      return origin && refuseRow(origin.kind, origin.file, origin.line);
    },
  );
  await writer.flush();

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

/** Shard audit stats of one date merged: what one run over all the rows would have counted. */
export function mergeAuditStats(date: string, parts: readonly StoredDateStats[]): StoredDateStats {
  const actions = new Map<string, number>();
  const instruments = new Map<string, number>();
  const accounts = new Set<string>();
  let total = 0;
  for (const part of parts) {
    total += part.total;
    for (const [action, count] of Object.entries(part.actions))
      actions.set(action, (actions.get(action) ?? 0) + count);
    for (const [instrument, count] of Object.entries(part.instrumentCounts ?? {}))
      instruments.set(instrument, (instruments.get(instrument) ?? 0) + count);
    for (const account of part.accounts) accounts.add(account);
  }
  return {
    date,
    total,
    actions: Object.fromEntries([...actions].sort(([a], [b]) => a.localeCompare(b))),
    accounts: [...accounts].sort(),
    instruments: [...instruments.keys()].sort(),
    instrumentCounts: Object.fromEntries([...instruments].sort(([a], [b]) => a.localeCompare(b))),
  };
}

const compareOrder = (a: RejectionOrder, b: RejectionOrder): number => {
  for (let index = 0; index < a.length; index += 1) {
    const difference = (a[index] as number) - (b[index] as number);
    if (difference !== 0) return difference;
  }
  return 0;
};

/** The run's summary from its shards' outcomes (all but the time taken). */
export function mergeShardOutcomes(
  outcomes: readonly ShardOutcome[],
): Omit<SyncSummary, 'processingTimeMs'> {
  const counts = Object.fromEntries(
    BROKER_FILE_KINDS.map((kind) => [brokerFiles[kind].countField, 0]),
  ) as Record<SyncRecordCountField, number>;
  const rejectedRecords = Object.fromEntries(BROKER_FILE_KINDS.map((kind) => [kind, 0])) as Record<
    BrokerFileKind,
    number
  >;
  let totalFiles = 0;
  let processedFiles = 0;
  for (const outcome of outcomes) {
    totalFiles += outcome.totalFiles;
    processedFiles += outcome.processedFiles;
    for (const field of Object.keys(counts) as SyncRecordCountField[])
      counts[field] += outcome.counts[field] ?? 0;
    for (const kind of BROKER_FILE_KINDS)
      rejectedRecords[kind] += outcome.rejectedRecords[kind] ?? 0;
  }
  const rejectedRows = outcomes
    .flatMap((outcome) => outcome.rejectedRows)
    .sort((a, b) => compareOrder(a.order, b.order))
    .slice(0, SYNC_REJECTED_ROWS_KEPT)
    .map((entry) => entry.row);
  const report = mergeReports(outcomes.map((outcome) => outcome.report));
  return { totalFiles, processedFiles, ...counts, rejectedRecords, rejectedRows, ...report };
}

/**
 * The finish of a run: merges the shards' counts and rejected rows into the run's summary, and writes
 * the items every shard contributes to, once: each date's `AUDITSTATS` (merged stats) and `DATES`
 * entry (a date is listed only once all its shards are in).
 */
export async function finishSync(
  dates: readonly string[],
  outcomes: readonly ShardOutcome[],
  options: { concurrency?: number } = {},
): Promise<{ summary: Omit<SyncSummary, 'processingTimeMs'>; itemsWritten: number }> {
  const writer = new BatchWriter({ concurrency: options.concurrency });
  for (const date of dates) {
    const parts = outcomes.flatMap((outcome) => outcome.auditStats[date] ?? []);
    if (parts.length > 0) {
      // The head and its account pages: bounded items whatever the date's account count.
      for (const item of dateStatsItems(mergeAuditStats(date, parts))) await writer.put(item);
    }
    if (outcomes.some((outcome) => outcome.performanceDates.includes(date))) {
      await writer.put(performanceRepository.dateItemOf(date));
    }
  }
  await writer.flush();
  // Every file of every date is in: the dates are complete (their `DATE#` entries are visible).
  for (const date of dates) await writer.delete(performanceRepository.incompleteDateKey(date));
  await writer.flush();
  const shardItems = outcomes.reduce((sum, outcome) => sum + outcome.itemsWritten, 0);
  return {
    summary: { ...mergeShardOutcomes(outcomes), heldBreaches: await heldBreachesOf(dates) },
    itemsWritten: shardItems + writer.writtenCount,
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
  await writer.put(performanceRepository.incompleteDateItemOf(date));
  await writer.delete(tradingDateKeys.date(date));
  await writer.delete(auditKeys.dateStats(date));
  await writer.flush();
  const accounts = (await performanceRepository.accountsOnDate(date)).filter((accountId) =>
    ownsKey(shard, accountId),
  );
  const keys = new Map<string, { key: Item; accountId: string }>();
  await mapLimit(accounts, STATE_READ_CONCURRENCY, async (accountId) => {
    for (const key of await performanceRepository.dayItemKeys(accountId, date))
      keys.set(itemKey(key), { key, accountId });
  });
  return { keys };
}

/**
 * Writes the accounts and traders the run touched whose stored item would change: a trader lists the
 * accounts the broker attributes to them, and an unchanged item is not written again.
 */
async function writeChanged(
  writer: BatchWriter,
  accounts: Map<string, StoredAccount>,
  traders: Map<string, Trader>,
  stored: StoredItems,
  changedAccounts: ReadonlySet<string>,
  changedTraders: Set<string>,
  shard: ShardSpec,
  /** The rejection of the row an account (`account#<id>`) or trader (`trader#<id>`) came from. */
  refusalOf: (key: string) => OnRejected | undefined,
): Promise<void> {
  for (const account of accounts.values()) {
    const trader = traders.get(account.traderId);
    if (trader && !trader.accounts.includes(account.accountId)) {
      traders.set(trader.traderId, {
        ...trader,
        accounts: [...trader.accounts, account.accountId].sort(),
      });
      // Every shard knows every account; the trader's own shard writes the trader.
      if (ownsKey(shard, trader.traderId)) changedTraders.add(trader.traderId);
    }
  }
  for (const traderId of changedTraders) {
    const item = traderRepository.itemOf(traders.get(traderId) as Trader);
    if (stored.traders.get(traderId) !== JSON.stringify(item))
      await writer.put(item, refusalOf(`trader#${traderId}`));
  }
  for (const accountId of changedAccounts) {
    const item = accountRepository.itemOf(accounts.get(accountId) as StoredAccount);
    if (stored.accounts.get(accountId) !== JSON.stringify(item))
      await writer.put(item, refusalOf(`account#${accountId}`));
  }
}

/** The file's own fault, the same in every shard: csv-parse's CSV_* and zlib's Z_* errors. */
function isFormatError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('CSV_') || code.startsWith('Z_'));
}

async function ingestFile(
  source: BrokerFileSource,
  file: BrokerFile,
  date: string,
  tally: Tally,
  handle: <K extends BrokerFileKind>(
    kind: K,
    row: BrokerRowByKind[K],
    line: number,
  ) => Promise<void>,
  shard: ShardSpec = SINGLE_SHARD,
): Promise<void> {
  const { kind } = file;
  // Every shard reads the file; what concerns the file as a whole is shard 0's to count.
  const isFirst = shard.index === 0;
  // Traders and accounts are read whole by every shard (each account needs its trader, each trader
  // its accounts); only the row's own shard counts it.
  const readsAll = kind === 'traders' || kind === 'accounts';
  let line = 1;
  try {
    const stream = await source.open(file);
    for await (const event of readCsv(stream)) {
      if (event.type === 'header') {
        const missing = missingColumns(kind, event.columns);
        if (missing.length) {
          if (isFirst)
            tally.reject(kind, {
              file: file.key,
              line: 1,
              reason: `Missing required column(s): ${missing.join(', ')}`,
            });
          stream.destroy();
          return;
        }
        continue;
      }
      if (event.type === 'bad-record') {
        if (isFirst) tally.reject(kind, { file: file.key, line: event.line, reason: event.reason });
        continue;
      }
      line = event.record.line;
      const owned = ownsRow(shard, kind, event.record.cells);
      if (!owned && !readsAll) continue;
      const parsed = parseBrokerRow(kind, event.record.cells);
      if (!parsed.success) {
        if (owned) tally.reject(kind, { file: file.key, line, reason: parsed.reason });
        continue;
      }
      const rowDate = DATED_KINDS.has(kind) ? (parsed.row as { Date: string }).Date : date;
      if (rowDate !== date) {
        tally.reject(kind, {
          file: file.key,
          line,
          reason: `Date ${rowDate} is not the folder's date ${date}`,
        });
        continue;
      }
      await handle(kind, parsed.row, line);
      if (owned) tally.accept(kind);
    }
    if (isFirst) tally.processedFiles += 1;
  } catch (error) {
    // A file the parser cannot read on (an unclosed quote, a broken gzip): what came before is kept.
    // Every shard stops at the same line and shard 0 reports it. Any other error (a connection
    // reset, a file that cannot be opened) leaves the date without all its files: the run fails and
    // the date stays incomplete (never registered) until a run gets through it.
    if (!isFormatError(error)) throw error;
    if (isFirst)
      tally.reject(kind, {
        file: file.key,
        line,
        reason: `The file could not be read past this line: ${(error as Error).message}`,
      });
  }
}

interface JudgeContext {
  accounts: Map<string, StoredAccount>;
  changedAccounts: Set<string>;
  judge: Judge;
  writer: BatchWriter;
  tally: Tally;
  gate: QualityGate;
}

/**
 * Judges every account that has a performance row on `date`, from the state after its previous day:
 * the state kept on the account when that is older than `date` (the nightly case), else the state
 * stored with the day before (a re-run).
 */
async function judgeDate(
  date: string,
  activity: DateActivity,
  context: JudgeContext,
): Promise<void> {
  const { accounts, judge, writer, tally } = context;
  const priorStates = new Map<
    string,
    { state: EngineState; judgedBy: string | null } | undefined
  >();
  const rerun = [...activity.performance.keys()].filter((accountId) => {
    const account = accounts.get(accountId);
    return account?.engineStateDate !== undefined && account.engineStateDate >= date;
  });
  await mapLimit(rerun, STATE_READ_CONCURRENCY, async (accountId) => {
    const before = await performanceRepository.getDayBefore(accountId, date);
    priorStates.set(
      accountId,
      before?.engineState ? { state: before.engineState, judgedBy: before.judgedBy } : undefined,
    );
  });

  const priorOf = (accountId: string) => {
    const account = accounts.get(accountId);
    return priorStates.has(accountId)
      ? priorStates.get(accountId)
      : account?.engineState
        ? { state: account.engineState, judgedBy: account.engineStateKey ?? null }
        : undefined;
  };
  // The input-quality gate (quality-gate.ts): voided account-dates are skipped, suspect breaches held.
  const quality = await context.gate.forDate(
    date,
    activity.performance,
    activity.fills,
    accounts,
    priorOf,
  );

  for (const [accountId, { row, file, line }] of activity.performance) {
    if (quality.voided(accountId)) continue;
    const account = accounts.get(accountId);
    if (!account) {
      tally.reject('daily-performance', {
        file: file.key,
        line,
        reason: `Account ${accountId} is not in any accounts file`,
      });
      continue;
    }
    const prior = priorOf(accountId);
    let judged;
    try {
      judged = await judge.judgeDay(account, prior, {
        date,
        performance: row,
        fills: activity.fills.get(accountId) ?? [],
        trades: activity.trades.get(accountId) ?? [],
      });
    } catch (error) {
      tally.reject('daily-performance', {
        file: file.key,
        line,
        reason: `The day could not be judged: ${(error as Error).message}`,
      });
      continue;
    }
    for (const item of performanceRepository.dayItemsOf({
      ...row,
      traderId: account.traderId,
      fileModifiedDate: file.lastModified,
      conformance: judged?.conformance ?? null,
      engineState: judged?.state ?? null,
      judgedBy: judged?.judgedBy ?? null,
    })) {
      await writer.put(item);
    }
    const latest = account.engineStateDate === undefined || date >= account.engineStateDate;
    let next: StoredAccount = {
      ...account,
      summary: { balance: row.CashBal ?? row.AcctBal, equity: row.AcctBal },
    };
    if (judged && latest) {
      const summary = await judge.summaryRecord(account, judged, file.lastModified);
      Object.assign(next, {
        engineState: judged.state,
        engineStateDate: date,
        engineStateKey: judged.judgedBy,
      });
      if (summary) {
        const gated = gateDay(
          account,
          date,
          summary,
          quality.failures(accountId),
          quality.recorded(accountId),
          file.lastModified,
        );
        next = withGatedFields(next, gated);
        if (gated.hold) await writer.put(gated.hold);
      }
    }
    accounts.set(accountId, next);
    context.changedAccounts.add(accountId);
    if (judged) tally.judgedAccount(accountId, account.status, next.status);
  }
}
