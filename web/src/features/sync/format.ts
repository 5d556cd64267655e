import type { SyncRun, SyncRunProgress } from '@shared/sync/sync-run';
import { formatCount, formatDate, MISSING } from '@/lib/format';

/** The sync page's texts, written with the app's formatters (`@/lib/format`). */

/** The trading dates a run covered: one date, or the range and how many days it holds. */
export function formatTradingDates(dates: readonly string[]): string {
  const sorted = [...dates].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return MISSING;
  if (sorted.length === 1) return formatDate(first);
  return `${formatDate(first)} – ${formatDate(last)} (${sorted.length} days)`;
}

/**
 * A running run's progress by dates and files: 'Date 2 of 5 · 13 of 40 files'. The date
 * being synced is the one after those done.
 */
export function formatRunProgress(progress: SyncRunProgress): string {
  const date = Math.min(progress.datesDone + 1, progress.datesTotal);
  return `Date ${formatCount(date)} of ${formatCount(progress.datesTotal)} · ${formatCount(progress.filesDone)} of ${formatCount(progress.filesTotal)} files`;
}

/** What a run was asked for: its named dates (a marker's run), else the latest `count` days. */
export function formatRequested(run: Pick<SyncRun, 'count' | 'request'>): string {
  const { request } = run;
  if (request && 'dates' in request) {
    return `${request.dates.length === 1 ? 'Date' : 'Dates'} ${formatTradingDates(request.dates)}`;
  }
  if (request && 'from' in request) {
    return `Dates ${formatDate(request.from)} to ${formatDate(request.to)}`;
  }
  return `Latest ${run.count} ${run.count === 1 ? 'trading day' : 'trading days'}`;
}

/** A run's duration so far or in all. */
export function runDuration(run: Pick<SyncRun, 'startedAt' | 'finishedAt'>, now: number): number {
  const end = run.finishedAt === null ? now : Date.parse(run.finishedAt);
  return Math.max(0, end - Date.parse(run.startedAt));
}
