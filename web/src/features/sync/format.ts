import type { SyncRunShards } from '@shared/sync/sync-run';

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

/** "20260302" → "2026-03-02". */
function formatTradingDate(date: string): string {
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
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
 * A running run's shard progress (issue 15): the shard being worked on, counted from the shards
 * done, out of the run's shards: 36 of 120 done is 'Shard 37 of 120'; all done, 'Shard 120 of 120'.
 */
export function formatShardProgress(shards: SyncRunShards): string {
  return `Shard ${formatCount(Math.min(shards.done + 1, shards.total))} of ${formatCount(shards.total)}`;
}
