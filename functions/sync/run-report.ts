import { BROKER_FILE_KINDS, type BrokerFileKind } from '@shared/broker-files/kinds';
import { brokerFiles } from '@shared/broker-files/registry';
import type { AccountStatus } from '@shared/rules/account-summary';
import {
  SYNC_REJECTED_ROWS_KEPT,
  SYNC_REJECTED_ROWS_PAGE,
  type RejectedRow,
  type SyncFileCount,
  type SyncRecordCountField,
} from '@shared/sync/sync-run';

/*
 * What a run reports (the run page, docs/sync-at-scale.md): rows accepted and rejected per kind and
 * per file, the first rejected rows for the summary and every one of them for the run's pages, and
 * the accounts judged, newly failed and newly passed. A shard keeps a {@link Tally}; the finish
 * merges the shards' reports ({@link mergeReports}).
 */

/** Where a rejected row stands in a single run's order: date, ingest (0) or judge (1), kind, line. */
export type RejectionOrder = [dateIndex: number, phase: number, kindIndex: number, line: number];

/** A shard's own report, stored with its outcome. */
export interface ShardReport {
  files: SyncFileCount[];
  /** Distinct accounts of this shard judged on at least one date. */
  accountsJudged: number;
  /** Accounts whose status became failed (or passed) on a date of the run. */
  newlyFailed: number;
  newlyPassed: number;
}

/** Hooks a run gives its shards: every rejected row (to store them all), and progress by file. */
export interface TallyHooks {
  onReject?: (row: RejectedRow, order: RejectionOrder) => void;
}

export class Tally {
  readonly counts = Object.fromEntries(
    BROKER_FILE_KINDS.map((kind) => [brokerFiles[kind].countField, 0]),
  ) as Record<SyncRecordCountField, number>;
  readonly rejectedRecords = Object.fromEntries(
    BROKER_FILE_KINDS.map((kind) => [kind, 0]),
  ) as Record<BrokerFileKind, number>;
  readonly rejectedRows: { row: RejectedRow; order: RejectionOrder }[] = [];
  totalFiles = 0;
  processedFiles = 0;
  /** Where the run stands: the date's index and its phase (0 ingest, 1 judge). */
  dateIndex = 0;
  phase = 0;
  private readonly files = new Map<string, SyncFileCount>();
  private file: SyncFileCount | undefined;
  private readonly judged = new Set<string>();
  private readonly failed = new Set<string>();
  private readonly passed = new Set<string>();

  constructor(private readonly hooks: TallyHooks = {}) {}

  /** The file whose rows are read next: accepted rows count against it. */
  startFile(file: { key: string; kind: BrokerFileKind }, date: string): void {
    this.file = this.fileCount(file.key, date, file.kind);
  }

  accept(kind: BrokerFileKind): void {
    this.counts[brokerFiles[kind].countField] += 1;
    if (this.file?.kind === kind) this.file.accepted += 1;
  }

  reject(kind: BrokerFileKind, row: RejectedRow): void {
    this.rejectedRecords[kind] += 1;
    const order: RejectionOrder = [
      this.dateIndex,
      this.phase,
      BROKER_FILE_KINDS.indexOf(kind),
      row.line,
    ];
    const file = this.files.get(row.file);
    if (file) file.rejected += 1;
    else if (this.file?.file === row.file) this.file.rejected += 1;
    if (this.rejectedRows.length < SYNC_REJECTED_ROWS_KEPT) this.rejectedRows.push({ row, order });
    this.hooks.onReject?.(row, order);
  }

  /** An account-day judged: its status before and after (a change to failed or passed counts). */
  judgedAccount(accountId: string, before: AccountStatus, after: AccountStatus): void {
    this.judged.add(accountId);
    if (before !== after && after === 'failed') this.failed.add(accountId);
    if (before !== after && after === 'passed') this.passed.add(accountId);
  }

  report(): ShardReport {
    return {
      files: [...this.files.values()],
      accountsJudged: this.judged.size,
      newlyFailed: this.failed.size,
      newlyPassed: this.passed.size,
    };
  }

  private fileCount(key: string, date: string, kind: BrokerFileKind): SyncFileCount {
    let count = this.files.get(key);
    if (!count) {
      count = { file: key, date, kind, accepted: 0, rejected: 0 };
      this.files.set(key, count);
    }
    return count;
  }
}

/**
 * The run's report from its shards' (accounts are split between shards, so their counts add up;
 * every shard reads every file, each counting its own rows). Shards of runs from before the report
 * have none: the fields are then absent.
 */
export function mergeReports(reports: readonly (ShardReport | undefined)[]): Partial<ShardReport> {
  const present = reports.filter((report): report is ShardReport => report !== undefined);
  if (present.length === 0) return {};
  const files = new Map<string, SyncFileCount>();
  let accountsJudged = 0;
  let newlyFailed = 0;
  let newlyPassed = 0;
  for (const report of present) {
    accountsJudged += report.accountsJudged;
    newlyFailed += report.newlyFailed;
    newlyPassed += report.newlyPassed;
    for (const file of report.files) {
      const merged = files.get(file.file);
      if (merged) {
        merged.accepted += file.accepted;
        merged.rejected += file.rejected;
      } else {
        files.set(file.file, { ...file });
      }
    }
  }
  const kindIndex = (kind: BrokerFileKind) => BROKER_FILE_KINDS.indexOf(kind);
  return {
    files: [...files.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || kindIndex(a.kind) - kindIndex(b.kind),
    ),
    accountsJudged,
    newlyFailed,
    newlyPassed,
  };
}

/**
 * Every rejected row of a shard, stored as it goes in pages of {@link SYNC_REJECTED_ROWS_PAGE}
 * (`SYNCRUN#<id> / REJECT#<shard>#<page>`): what the run page lists, all of them. Writes are
 * chained, one page at a time; {@link flush} writes the last page and waits for all.
 */
export class RejectedRowPages {
  private rows: RejectedRow[] = [];
  private page = 0;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown;

  constructor(
    private readonly write: (page: number, rows: readonly RejectedRow[]) => Promise<void>,
  ) {}

  add(row: RejectedRow): void {
    // A reason quoting a huge cell stays bounded: a page must fit one item.
    const reason = row.reason.length > 500 ? `${row.reason.slice(0, 499)}…` : row.reason;
    this.rows.push({ ...row, reason });
    if (this.rows.length >= SYNC_REJECTED_ROWS_PAGE) this.writePage();
  }

  async flush(): Promise<void> {
    if (this.rows.length > 0) this.writePage();
    await this.writing;
    if (this.failure) throw this.failure;
  }

  private writePage(): void {
    const rows = this.rows;
    const page = this.page;
    this.rows = [];
    this.page += 1;
    this.writing = this.writing.then(() =>
      this.write(page, rows).catch((error: unknown) => {
        this.failure ??= error;
      }),
    );
  }
}

/**
 * Saves a running run's progress as it goes, the latest only: a save in flight is followed by at
 * most one more, with the newest figures.
 */
export class ProgressSaver<P> {
  private pending: P | undefined;
  private saving: Promise<void> | undefined;

  constructor(private readonly save: (progress: P) => Promise<void>) {}

  update(progress: P): void {
    this.pending = progress;
    this.saving ??= this.drain();
  }

  async flush(): Promise<void> {
    await this.saving;
  }

  private async drain(): Promise<void> {
    while (this.pending !== undefined) {
      const progress = this.pending;
      this.pending = undefined;
      // Progress is for the eyes only: a failed save is not the run's failure.
      await this.save(progress).catch(() => undefined);
    }
    this.saving = undefined;
  }
}
