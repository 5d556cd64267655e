import type * as z from 'zod';
import { isCalendarDate } from '../rules/calendar';
import type { SyncRecordCountField } from '../sync/sync-run';
import { brokerFileKindSchema, type BrokerFileKind } from './kinds';
import {
  accountRowSchema,
  auditTrailRowSchema,
  dailyFillRowSchema,
  dailyPerformanceRowSchema,
  dailyRevenueRowSchema,
  dailySymbolRowSchema,
  dailyTradeRowSchema,
  relationshipRowSchema,
  traderRowSchema,
  type AccountRow,
  type AuditTrailRow,
  type DailyFillRow,
  type DailyPerformanceRow,
  type DailyRevenueRow,
  type DailySymbolRow,
  type DailyTradeRow,
  type RelationshipRow,
  type TraderRow,
} from './rows';

/**
 * The registry of broker file kinds (contracts/broker-files.md): for each kind its file name, row
 * schema, columns, required columns and natural key, and the sync summary count it feeds. The sync
 * validates every CSV row through it; the demo-data generator writes the same columns.
 */

export interface BrokerRowByKind {
  traders: TraderRow;
  accounts: AccountRow;
  relationships: RelationshipRow;
  'daily-performance': DailyPerformanceRow;
  'daily-fills': DailyFillRow;
  'daily-trades': DailyTradeRow;
  'daily-symbols': DailySymbolRow;
  'audit-trail': AuditTrailRow;
  'daily-revenue': DailyRevenueRow;
}

type Column<K extends BrokerFileKind> = keyof BrokerRowByKind[K] & string;

export interface BrokerFileDefinition<K extends BrokerFileKind> {
  kind: K;
  /** `<kind>.csv`; the file may also come gzip-compressed as `<kind>.csv.gz`. */
  fileName: `${K}.csv`;
  rowSchema: z.ZodType<BrokerRowByKind[K]>;
  /** Every column of the contract, in its order. */
  columns: readonly Column<K>[];
  /** The columns a row cannot do without (bold in the contract). */
  requiredColumns: readonly Column<K>[];
  /** The columns whose values identify a row: re-ingesting it replaces the row, never adds one. */
  naturalKeyColumns: readonly Column<K>[];
  /** The sync summary's count of the rows of this kind ingested. */
  countField: SyncRecordCountField;
}

function define<K extends BrokerFileKind>(
  kind: K,
  rowSchema: z.ZodObject & z.ZodType<BrokerRowByKind[K]>,
  requiredColumns: readonly Column<K>[],
  naturalKeyColumns: readonly Column<K>[],
  countField: SyncRecordCountField,
): BrokerFileDefinition<K> {
  return {
    kind,
    fileName: `${kind}.csv`,
    rowSchema,
    columns: Object.keys(rowSchema.shape) as Column<K>[],
    requiredColumns,
    naturalKeyColumns,
    countField,
  };
}

export const brokerFiles: { readonly [K in BrokerFileKind]: BrokerFileDefinition<K> } = {
  traders: define(
    'traders',
    traderRowSchema,
    ['traderId', 'email'],
    ['traderId'],
    'tradersRecords',
  ),
  accounts: define(
    'accounts',
    accountRowSchema,
    ['accountId', 'traderId'],
    ['accountId'],
    'accountsRecords',
  ),
  relationships: define(
    'relationships',
    relationshipRowSchema,
    ['userId', 'accountId'],
    ['userId', 'accountId'],
    'relationshipReportsRecords',
  ),
  'daily-performance': define(
    'daily-performance',
    dailyPerformanceRowSchema,
    ['Account', 'Date', 'NetPnl', 'AcctBal', 'Trades'],
    ['Account', 'Date'],
    'dailyPerformanceRecords',
  ),
  'daily-fills': define(
    'daily-fills',
    dailyFillRowSchema,
    ['Account', 'Date', 'Symbol', 'Side', 'FillPrice', 'FillSize', 'FillId', 'FillTime'],
    ['Account', 'Date', 'FillId'],
    'dailyFillsRecords',
  ),
  'daily-trades': define(
    'daily-trades',
    dailyTradeRowSchema,
    ['Account', 'Date', 'Symbol', 'FillId'],
    ['Account', 'Date', 'FillId'],
    'dailyTradesRecords',
  ),
  'daily-symbols': define(
    'daily-symbols',
    dailySymbolRowSchema,
    ['Account', 'Date', 'Symbol'],
    ['Account', 'Date', 'Symbol'],
    'dailySymbolsRecords',
  ),
  'audit-trail': define(
    'audit-trail',
    auditTrailRowSchema,
    ['serverProcessDate', 'serverTimestamp', 'accountNumber', 'action', 'serverTransactionNumber'],
    ['accountNumber', 'serverProcessDate', 'serverTransactionNumber'],
    'auditTrailRecords',
  ),
  'daily-revenue': define(
    'daily-revenue',
    dailyRevenueRowSchema,
    ['date', 'provider', 'grossIncome'],
    ['date', 'provider'],
    'dailyRevenueRecords',
  ),
};

/** The required columns of a kind that a file's header lacks: a file missing one has no valid row. */
export function missingColumns(kind: BrokerFileKind, header: readonly string[]): string[] {
  const present = new Set(header.map((column) => column.trim()));
  return brokerFiles[kind].requiredColumns.filter((column) => !present.has(column));
}

export type BrokerRowResult<K extends BrokerFileKind> =
  { success: true; row: BrokerRowByKind[K] } | { success: false; reason: string };

/** Every problem of a row in one line, each naming its column. */
export function describeRowIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const column = issue.path[0];
      return column === undefined || issue.message.startsWith(String(column))
        ? issue.message
        : `${String(column)}: ${issue.message}`;
    })
    .join('; ');
}

/** Validates one CSV record (column → cell text) of a kind: the typed row, or why it is rejected. */
export function parseBrokerRow<K extends BrokerFileKind>(
  kind: K,
  record: Readonly<Record<string, string | undefined>>,
): BrokerRowResult<K> {
  const result = brokerFiles[kind].rowSchema.safeParse(record);
  return result.success
    ? { success: true, row: result.data }
    : { success: false, reason: describeRowIssues(result.error) };
}

/** The natural key's values of a parsed row, in the contract's order. */
export function naturalKeyOf<K extends BrokerFileKind>(kind: K, row: BrokerRowByKind[K]): string[] {
  return brokerFiles[kind].naturalKeyColumns.map((column) => String(row[column]));
}

/** The natural key as one string, to tell duplicate rows apart within a run. */
export function naturalKeyIdOf<K extends BrokerFileKind>(kind: K, row: BrokerRowByKind[K]): string {
  return JSON.stringify(naturalKeyOf(kind, row));
}

/** Folder of the broker files in the files bucket. */
export const BROKER_FILES_PREFIX = 'broker/';

/** `broker/<YYYYMMDD>/<kind>.csv[.gz]`: where a kind's file of one trading date lies. */
export function brokerFileKey(date: string, kind: BrokerFileKind, gzip = false): string {
  return `${BROKER_FILES_PREFIX}${date}/${kind}.csv${gzip ? '.gz' : ''}`;
}

const FILE_KEY = /^broker\/(\d{8})\/([a-z-]+)\.csv(\.gz)?$/;

/** Reads a bucket key as a broker file; null for anything that is not one (unknown kinds too). */
export function parseBrokerFileKey(
  key: string,
): { date: string; kind: BrokerFileKind; gzip: boolean } | null {
  const match = FILE_KEY.exec(key);
  if (!match) return null;
  const kind = brokerFileKindSchema.safeParse(match[2]);
  const date = match[1] ?? '';
  return kind.success && isCalendarDate(date) ? { date, kind: kind.data, gzip: !!match[3] } : null;
}
