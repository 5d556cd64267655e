import { SYNC_DAYS_DEFAULT, SYNC_DAYS_MAX, SYNC_DAYS_MIN } from '@shared/sync/sync-run';

/**
 * The day count the page sends for what was typed (spec 000 §5): anything non-numeric falls back to
 * the default, fractions drop to whole days, and the value is clamped to 1–30 because the API
 * refuses anything else (the spec's original left the upper bound to the input attribute).
 */
export function daysToSync(typed: string): number {
  const value = Math.trunc(Number(typed));
  if (typed.trim() === '' || !Number.isFinite(value)) return SYNC_DAYS_DEFAULT;
  return Math.min(SYNC_DAYS_MAX, Math.max(SYNC_DAYS_MIN, value));
}
