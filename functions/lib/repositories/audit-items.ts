import { auditTrailRecordSchema, type AuditTrailRecord } from '@shared/audit/audit-trail';
import { countSubject, type Contribution } from '../aggregates/store';
import { auditKeys } from '../db/keys';
import type { Item } from '../db/table';
import { mapLimit } from '../map-limit';
import type { StoredDateStats } from './audit-repository';

/*
 * What the sync writes of the audit trail, as plain functions: a row's item, a date's stats items and
 * the kept presence of its accounts and instruments. The screens' search, overview, bulk delete and
 * operations log are audit-repository.ts.
 */

/**
 * A date's stats as counted: the counters and the distinct accounts and instruments. Stored as one
 * head item (`AUDITSTATS / DATE#<date>`: counters, instruments, how many accounts and account pages)
 * and the accounts in pages of at most {@link ACCOUNT_PAGE_BYTES} (`AUDITSTATS#ACCOUNTS /
 * DATE#<date>#P<n>`), so no item grows with the account count (docs/sync-at-scale.md §3).
 */
export interface DateStats {
  date: string;
  total: number;
  actions: Record<string, number>;
  accounts: string[];
  instruments: string[];
  instrumentCounts?: Record<string, number>;
}

/**
 * Account numbers a page holds, by DynamoDB's size rule (a list element is its bytes plus one). At
 * ≈ 16 bytes an account (measured) a page holds ≈ 4,000 accounts; 100,000 accounts are 25 pages.
 */
export const ACCOUNT_PAGE_BYTES = 64 * 1024;

/** Sorted account numbers cut in order into pages of at most {@link ACCOUNT_PAGE_BYTES} each. */
export function pageAccounts(accounts: readonly string[]): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let bytes = 0;
  for (const account of accounts) {
    const size = Buffer.byteLength(account, 'utf8') + 1;
    if (page.length > 0 && bytes + size > ACCOUNT_PAGE_BYTES) {
      pages.push(page);
      page = [];
      bytes = 0;
    }
    page.push(account);
    bytes += size;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

/**
 * The items a date's stats are stored as: the head and its account pages (pages 0..n-1; a page left
 * from an earlier, larger write of the date is past the head's `accountPages` and never read).
 */
export function dateStatsItems(stats: DateStats): Item[] {
  const accounts = [...new Set(stats.accounts)].sort();
  const pages = pageAccounts(accounts);
  const head: StoredDateStats = {
    date: stats.date,
    total: stats.total,
    actions: stats.actions,
    accountCount: accounts.length,
    accountPages: pages.length,
    instruments: stats.instruments,
    ...(stats.instrumentCounts && { instrumentCounts: stats.instrumentCounts }),
  };
  return [
    { ...head, ...auditKeys.dateStats(stats.date) },
    ...pages.map((page, index) => ({
      date: stats.date,
      page: index,
      accounts: page,
      ...auditKeys.dateAccounts(stats.date, index),
    })),
  ];
}

/** Accumulates one date's stats from its rows, as the sync streams them or a purge re-reads them. */
export class AuditDateStats {
  private total = 0;
  private readonly actions = new Map<string, number>();
  private readonly accounts = new Set<string>();
  private readonly instruments = new Map<string, number>();

  constructor(readonly date: string) {}

  add(record: Pick<AuditTrailRecord, 'action' | 'accountNumber' | 'instrument'>): void {
    this.total += 1;
    this.actions.set(record.action, (this.actions.get(record.action) ?? 0) + 1);
    this.accounts.add(record.accountNumber);
    if (record.instrument) {
      this.instruments.set(record.instrument, (this.instruments.get(record.instrument) ?? 0) + 1);
    }
  }

  /** Sorted, so the stats are the same whatever order the rows came in. */
  value(): DateStats {
    return {
      date: this.date,
      total: this.total,
      actions: Object.fromEntries([...this.actions].sort(([a], [b]) => a.localeCompare(b))),
      accounts: [...this.accounts].sort(),
      instruments: [...this.instruments.keys()].sort(),
      instrumentCounts: Object.fromEntries(
        [...this.instruments].sort(([a], [b]) => a.localeCompare(b)),
      ),
    };
  }

  /** The head item and the account pages ({@link dateStatsItems}). */
  items(): Item[] {
    return dateStatsItems(this.value());
  }
}

/*
 * The overview's distinct accounts and instruments over every date, kept (docs/data-model.md
 * "Aggregates"): each account and instrument with rows is a subject counted once in scope `audit`,
 * marked as the sync writes a date's stats and unmarked when a bulk delete leaves it no rows. The
 * overview reads two counters instead of every date's account pages.
 */
export const AUDIT_SCOPE = 'audit';
export const ACCOUNT_SUBJECT = 'auditaccount';
export const INSTRUMENT_SUBJECT = 'auditinstrument';
const presence = (field: 'accounts' | 'instruments'): Contribution => ({
  counters: { [AUDIT_SCOPE]: { [field]: 1 } },
  index: [],
});
export const PRESENCE_CONCURRENCY = 16;

/**
 * Counts the accounts and instruments of a date's stats as present (idempotent: those counted
 * already cost a marker read), as the sync writes the date's stats.
 */
export async function keepAuditPresence(
  stats: Pick<DateStats, 'accounts' | 'instruments'>,
): Promise<void> {
  await mapLimit([...stats.accounts], PRESENCE_CONCURRENCY, async (account) => {
    await countSubject(ACCOUNT_SUBJECT, account, presence('accounts'));
  });
  await mapLimit([...stats.instruments], PRESENCE_CONCURRENCY, async (instrument) => {
    await countSubject(INSTRUMENT_SUBJECT, instrument, presence('instruments'));
  });
}

/**
 * The stored item of an audit-trail row: what the sync writes. A function of its own, not a method of
 * {@link auditRepository}, so the sync's bundle leaves out the screens' queries (esbuild drops unused
 * functions, never an object's unused methods).
 */
export function auditItemOf(record: AuditTrailRecord): Item {
  const valid = auditTrailRecordSchema.parse(record);
  return {
    ...valid,
    ...auditKeys.record(
      valid.accountNumber,
      valid.serverProcessDate,
      valid.serverTransactionNumber,
    ),
    ...auditKeys.recordIndex(valid),
  };
}
