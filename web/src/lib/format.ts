import { displayDate } from '@shared/common/display-date';
import { FIRM_TIME_ZONE } from '@shared/common/firm-time-zone';

/*
 * How the app writes a value, in one place: money, percentages, counts and plain numbers in en-US,
 * dates MM/DD/YYYY (decision 10), times on the firm's clock with the zone named, and '-' for a value
 * that is missing (the spec's "'-' for non-numbers", "else '-'"). Every function takes null and
 * undefined and answers MISSING for them, so a screen never writes its own fallback. Intl formatters
 * are built once (DESIGN §5).
 */

/** What a screen shows where a value is missing (spec 000 §2, 001 §2.9). */
export const MISSING = '-';

export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A value as it is (a number as written, no separators); MISSING when absent or empty. */
export function orMissing(value: string | number | null | undefined): string {
  return value === undefined || value === null || value === '' ? MISSING : String(value);
}

// `negative`: no sign on zero, nor on an amount that rounds to zero (no "-$0.00").
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  signDisplay: 'negative',
});
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  signDisplay: 'negative',
});
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
  signDisplay: 'negative',
});

/** en-US dollars with two decimals: `5250.75` → `$5,250.75`, `-1234.5` → `-$1,234.50`. */
export function formatMoney(amount: number | null | undefined): string {
  return isNumber(amount) ? usd.format(amount) : MISSING;
}

/** Whole dollars (spec 001 §2.1, the program list): `2500.5` → `$2,501`. */
export function formatWholeMoney(amount: number | null | undefined): string {
  return isNumber(amount) ? wholeUsd.format(amount) : MISSING;
}

/** Dollars for a chart axis: `12500` → `$12.5K`. */
export function formatCompactMoney(amount: number | null | undefined): string {
  return isNumber(amount) ? compactUsd.format(amount) : MISSING;
}

/** One formatter per number of decimals, built when first asked for. */
function cached(
  cache: Map<string, Intl.NumberFormat>,
  key: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  let formatter = cache.get(key);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat('en-US', options);
    cache.set(key, formatter);
  }
  return formatter;
}
const numberFormatters = new Map<string, Intl.NumberFormat>();

/** Exactly `decimals` decimals with thousands separators: `1.5, 2` → `1.50` (profit factor). */
export function formatDecimal(value: number | null | undefined, decimals: number): string {
  if (!isNumber(value)) return MISSING;
  return cached(numberFormatters, `fixed${decimals}`, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  }).format(value);
}

/** Up to `maxDecimals` decimals, none written when not needed: `4512.25` → `4,512.25`, `3` → `3`. */
export function formatNumber(value: number | null | undefined, maxDecimals = 6): string {
  if (!isNumber(value)) return MISSING;
  return cached(numberFormatters, `upTo${maxDecimals}`, {
    maximumFractionDigits: maxDecimals,
    signDisplay: 'negative',
  }).format(value);
}

/** A count with thousands separators: `12345` → `12,345`. */
export function formatCount(value: number | null | undefined): string {
  return formatNumber(value, 0);
}

/** A count and its noun: `1, 'row'` → `1 row`, `1234, 'row'` → `1,234 rows`. */
export function formatCountOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** A percentage 0–100 as the wire carries it (decision 9): `55.55, 1` → `55.6%`. */
export function formatPercent(value: number | null | undefined, decimals: number): string {
  return isNumber(value) ? `${formatDecimal(value, decimals)}%` : MISSING;
}

/** A fraction 0–1 (win rate, progress) as a percentage: `0.555, 1` → `55.5%`. */
export function formatFractionPercent(value: number | null | undefined, decimals: number): string {
  return isNumber(value) ? formatPercent(value * 100, decimals) : MISSING;
}

const points = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
  signDisplay: 'exceptZero',
});

/** A price move in points, always signed: `2.25` → `+2.25 pts`. */
export function formatPoints(value: number | null | undefined): string {
  return isNumber(value) ? `${points.format(value)} pts` : MISSING;
}

/** 850 → `0.9 s`, 75_000 → `1 min 15 s`. */
export function formatDuration(ms: number | null | undefined): string {
  if (!isNumber(ms)) return MISSING;
  // Tenths of a second counted in whole numbers: 850 ms is 0.9 s, not toFixed's 0.8 (0.85 in binary).
  const tenths = Math.round(Math.max(0, ms) / 100);
  if (tenths < 600) return `${formatDecimal(tenths / 10, 1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
}

/**
 * A trading date: `20260302`, `2026-03-02` → `03/02/2026` (decision 10); MISSING when absent. The
 * API's messages write dates with the same function.
 */
export function formatDate(date: string | null | undefined): string {
  return displayDate(date);
}

const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A trading date written out: `20260303` → `Tuesday, March 3, 2026` (spec 000 §2). */
export function formatLongDate(date: string | null | undefined): string {
  const parts = date ? /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(date) : null;
  if (!parts) return date || MISSING;
  return longDate.format(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
}

/** `20260302` → `2026-03-02`, the value of a date input (and of the report page's URL). */
export function dateInputValue(date: string | null | undefined): string {
  return date && /^\d{8}$/.test(date)
    ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`
    : '';
}

/** A date input's `2026-03-02` → `20260302`; undefined for anything else (an empty input). */
export function tradingDateOfInput(value: string | null | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.replaceAll('-', '') : undefined;
}

const firmClock = { timeZone: FIRM_TIME_ZONE, timeZoneName: 'short' } as const;
const dateTime = new Intl.DateTimeFormat('en-US', {
  ...firmClock,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
});
const clockTimes = {
  minutes: new Intl.DateTimeFormat('en-US', { ...firmClock, hour: 'numeric', minute: '2-digit' }),
  seconds: new Intl.DateTimeFormat('en-US', {
    ...firmClock,
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }),
  milliseconds: new Intl.DateTimeFormat('en-US', {
    ...firmClock,
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
  }),
};

type Instant = string | number | Date | null | undefined;

/** Milliseconds of an ISO timestamp, epoch milliseconds or a Date; NaN when unreadable. */
function millisOf(instant: Instant): number {
  if (instant instanceof Date) return instant.getTime();
  if (typeof instant === 'number') return instant;
  return Date.parse(instant ?? '');
}

function onFirmClock(instant: Instant, formatter: Intl.DateTimeFormat): string {
  if (instant === null || instant === undefined || instant === '') return MISSING;
  const millis = millisOf(instant);
  if (Number.isNaN(millis)) return typeof instant === 'string' ? instant : MISSING;
  return formatter.format(millis);
}

/**
 * An instant on the firm's clock, the zone named: `2026-03-02T22:30:00Z` → `03/02/2026, 4:30 PM
 * CST` (`CDT` in summer). Every screen shows times this way, whatever the viewer's own zone;
 * MISSING when absent, an unreadable text as it is.
 */
export function formatDateTime(instant: Instant): string {
  return onFirmClock(instant, dateTime);
}

/**
 * The time alone on the firm's clock: `4:30 PM CST`; to the second for logs (`4:30:05 PM CST`), to
 * the millisecond for order events (`4:30:05.120 PM CST`).
 */
export function formatTime(
  instant: Instant,
  precision: keyof typeof clockTimes = 'minutes',
): string {
  return onFirmClock(instant, clockTimes[precision]);
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/** `2 hours ago`, `yesterday`, `3 months ago` (spec 001 §2.9: descriptions with relative times). */
export function formatRelativeTime(instant: Instant, now: number = Date.now()): string {
  if (instant === null || instant === undefined || instant === '') return MISSING;
  const millis = millisOf(instant);
  if (Number.isNaN(millis)) return typeof instant === 'string' ? instant : MISSING;
  let amount = (millis - now) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}
