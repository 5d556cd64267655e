import { SYNC_DAYS_DEFAULT, SYNC_DAYS_MAX, SYNC_DAYS_MIN } from '@shared/sync/sync-run';

const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/**
 * The day count the page sends for what was typed (spec 000 §5), and why it differs when it does
 * (decision 38): anything non-numeric falls back to the default, fractions drop to whole days, and
 * the value is clamped to 1–30 because the API refuses anything else.
 */
export function daysToSyncCorrection(typed: string): { days: number; note?: string } {
  const text = typed.trim();
  const fallback = `${dayCount(SYNC_DAYS_DEFAULT)} (the default) will be synced.`;
  if (text === '')
    return { days: SYNC_DAYS_DEFAULT, note: `No number of days was given: ${fallback}` };
  const number = Number(text);
  if (!Number.isFinite(number)) {
    return { days: SYNC_DAYS_DEFAULT, note: `"${text}" is not a number of days: ${fallback}` };
  }
  if (number > SYNC_DAYS_MAX) {
    return {
      days: SYNC_DAYS_MAX,
      note: `${text} is more than ${SYNC_DAYS_MAX}: ${dayCount(SYNC_DAYS_MAX)} will be synced.`,
    };
  }
  if (number < SYNC_DAYS_MIN) {
    return {
      days: SYNC_DAYS_MIN,
      note: `${text} is less than ${SYNC_DAYS_MIN}: ${dayCount(SYNC_DAYS_MIN)} will be synced.`,
    };
  }
  const days = Math.max(SYNC_DAYS_MIN, Math.trunc(number));
  if (days !== number) {
    return {
      days,
      note: `${text} is not a whole number of days: ${dayCount(days)} will be synced.`,
    };
  }
  return { days };
}

/** The day count alone. */
export function daysToSync(typed: string): number {
  return daysToSyncCorrection(typed).days;
}
