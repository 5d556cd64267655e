import type { SyncRun, SyncRunProgress } from '@shared/sync/sync-run';
import { formatDate } from '@/lib/format';

/** Display helpers of the sync page; the formatters are built once (DESIGN §5). */
const countFormatter = new Intl.NumberFormat('en-US');
/** Local time in the viewer's own locale and time zone. */
const timeFormatter = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** 12345 → "12,345". */
export function formatCount(count: number): string {
  return countFormatter.format(count);
}

/** 850 → "0.9 s", 75_000 → "1 min 15 s". */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
}

export function formatTime(isoTimestamp: string): string {
  return timeFormatter.format(new Date(isoTimestamp));
}

/** "20260302" → "03/02/2026", as every date of the app reads (decision 10, issue 24). */
export function formatTradingDate(date: string): string {
  return formatDate(date);
}

/** The trading dates a run covered: one date, or the range and how many days it holds. */
export function formatTradingDates(dates: readonly string[]): string {
  const sorted = [...dates].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return '—';
  if (sorted.length === 1) return formatTradingDate(first);
  return `${formatTradingDate(first)} – ${formatTradingDate(last)} (${sorted.length} days)`;
}

/**
 * A running run's progress by dates and files (issue 22): 'Date 2 of 5 · 13 of 40 files'. The date
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
    return `Dates ${formatTradingDate(request.from)} to ${formatTradingDate(request.to)}`;
  }
  return `Latest ${run.count} ${run.count === 1 ? 'trading day' : 'trading days'}`;
}

/** A run's duration so far or in all. */
export function runDuration(run: Pick<SyncRun, 'startedAt' | 'finishedAt'>, now: number): number {
  const end = run.finishedAt === null ? now : Date.parse(run.finishedAt);
  return Math.max(0, end - Date.parse(run.startedAt));
}
