import type { BrokerFileKind } from '@shared/broker-files/kinds';
import {
  missingColumns,
  parseBrokerRow,
  type BrokerRowByKind,
} from '@shared/broker-files/registry';
import type { AccountRow, TraderRow } from '@shared/broker-files/rows';
import type { Trader } from '@shared/traders/trader';
import type { BatchWriter, OnRejected } from '../lib/db/batch-writer';
import type { Item } from '../lib/db/item';
import type { ProgramCatalog } from '../lib/judging/judge';
import type { QualityGate } from '../lib/judging/quality-gate';
import { accountLinkItemOf, type StoredAccount } from '../lib/repositories/account-items';
import { auditItemOf, type AuditDateStats } from '../lib/repositories/audit-items';
import * as performanceItems from '../lib/repositories/performance-items';
import { revenueItemOf } from '../lib/repositories/revenue-repository';
import type { ShardAccounts } from './account-book';
import type { ShardTraders } from './trader-book';
import { readCsv } from './csv-rows';
import type { DateActivity } from './judge-date';
import type { Tally } from './run-report';
import type { BrokerFile, BrokerFileSource } from './s3-source';
import { ownsKey, ownsRow, SINGLE_SHARD, type ShardSpec } from './shard-plan';

/*
 * The ingest of one broker file (DESIGN §6): each row is validated with the shared schemas (a bad row
 * is rejected with file, line and reason, the rest kept) and handed to its kind's handler in
 * ROW_HANDLERS, which writes its items or gathers it for the date's judgement (judge-date.ts).
 */

/** Where an account or trader to write came from, to reject its row if the table refuses it. */
export interface RowOrigin {
  kind: BrokerFileKind;
  file: string;
  line: number;
}

/** What a shard keeps across the run's dates (pipeline.ts builds it). */
export interface ShardState {
  shard: ShardSpec;
  catalog: ProgramCatalog;
  writer: BatchWriter;
  gate: QualityGate;
  /** The shard's accounts, read by key as the dates name them (account-book.ts). */
  book: ShardAccounts;
  /** The traders the shard needs, read by key as the run meets them (trader-book.ts). */
  traderBook: ShardTraders;
  /** Accounts and traders to write after the last date, and the rows they came from. */
  changedAccounts: Set<string>;
  changedTraders: Set<string>;
  origins: Map<string, RowOrigin>;
  /** Relationship items written by this run (the broker repeats every link in each date's file). */
  writtenLinks: Set<string>;
  /** Accounts the run judged or changed: counted into the kept aggregates once, as it ends. */
  touchedAccounts: Set<string>;
}

/** What one date's files gather. */
export interface DateIngest {
  date: string;
  /** A date older than a stored date outside the run: a re-ingest of the past. */
  pastDate: boolean;
  activity: DateActivity;
  /** The date's audit stats, once its audit file is met. */
  auditStats: AuditDateStats | undefined;
  revenueProviders: Set<string>;
  /**
   * The date's rows of the shard's own traders, in file order: merged once the traders they name are
   * read (pipeline.ts `applyTraderRows`).
   */
  traderRows: { row: TraderRow; at: RowAt }[];
  /**
   * The date's rows of the shard's own accounts, in file order: applied once the accounts they name
   * are read, each with its trader's e-mail as the date's traders rows leave it (`applyAccountRows`).
   */
  accountRows: { row: AccountRow; at: RowAt }[];
  /** Writes an item of the date's own (a re-ingest removes what it no longer holds). */
  putDated(item: Item, onRejected: OnRejected): Promise<void>;
}

/** Where a row is: its file and line, and how it is rejected if the table refuses its item. */
export interface RowAt {
  kind: BrokerFileKind;
  file: BrokerFile;
  line: number;
  refused: OnRejected;
}

type RowHandler<K extends BrokerFileKind> = (
  row: BrokerRowByKind[K],
  shard: ShardState,
  day: DateIngest,
  at: RowAt,
) => Promise<void>;

export function traderOf(row: TraderRow, existing: Trader | undefined, file: BrokerFile): Trader {
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

export function accountOf(
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

/**
 * A trader or account the shard owns is written after the last date; the row it came from is kept, to
 * reject it if the table refuses the item.
 */
export function noteChanged(
  shard: ShardState,
  changed: Set<string>,
  entity: 'trader' | 'account',
  id: string,
  at: RowAt,
): void {
  if (!ownsKey(shard.shard, id)) return;
  changed.add(id);
  shard.origins.set(`${entity}#${id}`, { kind: at.kind, file: at.file.key, line: at.line });
}

/** What each kind of row does, in the registry's kinds (shared/broker-files/registry.ts). */
export const ROW_HANDLERS: { [K in BrokerFileKind]: RowHandler<K> } = {
  async traders(row, shard, day, at) {
    // Every shard notes the e-mail (its own accounts' rows may name any trader); the trader's own
    // shard merges the row once the date's traders are read by key.
    shard.traderBook.noteRowEmail(row, day.pastDate);
    if (ownsKey(shard.shard, row.traderId)) day.traderRows.push({ row, at });
  },

  async accounts(row, shard, day, at) {
    // Another shard's account: only its trader matters here (a trader lists its accounts). A past
    // date does not move an account already met to an older trader.
    if (!ownsKey(shard.shard, row.accountId)) {
      if (
        ownsKey(shard.shard, row.traderId) &&
        !(day.pastDate && shard.book.traderOf.has(row.accountId))
      )
        shard.book.traderOf.set(row.accountId, row.traderId);
      return;
    }
    // The shard's own: applied to the stored account once the date's accounts are read by key.
    day.accountRows.push({ row, at });
  },

  async relationships(row, shard, _day, at) {
    // The broker repeats every link in each date's file: write each once per run.
    const item = accountLinkItemOf(row);
    const written = JSON.stringify(item);
    if (shard.writtenLinks.has(written)) return;
    shard.writtenLinks.add(written);
    await shard.writer.put(item, at.refused);
  },

  async 'daily-performance'(row, _shard, day, at) {
    day.activity.performance.set(row.Account, { row, file: at.file, line: at.line });
  },

  async 'daily-fills'(fill, shard, day, at) {
    await day.putDated(performanceItems.fillItemOf(fill), at.refused);
    shard.gate.noteFill(fill.Account, fill.FillId);
    const fills = day.activity.fills.get(fill.Account) ?? [];
    fills.push({
      FillTime: fill.FillTime,
      Symbol: fill.Symbol,
      Side: fill.Side,
      FillSize: fill.FillSize,
      FillPrice: fill.FillPrice,
    });
    day.activity.fills.set(fill.Account, fills);
  },

  async 'daily-trades'(trade, _shard, day, at) {
    await day.putDated(performanceItems.tradeItemOf(trade), at.refused);
    const trades = day.activity.trades.get(trade.Account) ?? [];
    trades.push({ Symbol: trade.Symbol, Pnl: trade.Pnl });
    day.activity.trades.set(trade.Account, trades);
  },

  async 'daily-symbols'(row, _shard, day, at) {
    await day.putDated(performanceItems.symbolItemOf(row), at.refused);
  },

  async 'audit-trail'(record, shard, day, at) {
    await shard.writer.put(auditItemOf(record), at.refused);
    day.auditStats?.add(record);
  },

  async 'daily-revenue'(revenue, shard, day, at) {
    day.revenueProviders.add(revenue.provider);
    await shard.writer.put(
      revenueItemOf({
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
      at.refused,
    );
  },
};

/** Hands a parsed row to its kind's handler. */
export function handleRow<K extends BrokerFileKind>(
  row: BrokerRowByKind[K],
  shard: ShardState,
  day: DateIngest,
  at: RowAt & { kind: K },
): Promise<void> {
  return (ROW_HANDLERS[at.kind] as RowHandler<K>)(row, shard, day, at);
}

/** Kinds whose rows carry the trading date they belong to, which must be their folder's. */
const DATED_KINDS = new Set<BrokerFileKind>([
  'daily-performance',
  'daily-fills',
  'daily-trades',
  'daily-symbols',
]);

/**
 * The file's own fault, the same in every shard: zlib's Z_* errors (a broken gzip). The CSV reader
 * has no fatal errors: it reports a record it cannot read and reads on.
 */
function isFormatError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('Z_');
}

/**
 * Reads one file through: its header checked, each row parsed and, if the shard reads it, handed to
 * `handle`; the tally counts what is accepted and rejected.
 */
export async function ingestFile(
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
    // A file that cannot be read on (a broken gzip): what came before is kept.
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
