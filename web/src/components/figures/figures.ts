import { formatMoney } from '@/lib/format';
import { displayDate } from '@shared/common/display-date';

/**
 * Display of figures shared by the account, performance and trader screens (spec 000 §9, spec 001
 * §9): money en-US USD with two decimals through the app's one formatter, percentages with the
 * decimals each screen asks for, '-' for a value that is not a number.
 */

const percentFormatters = new Map<number, Intl.NumberFormat>();
const countFormatter = new Intl.NumberFormat('en-US');

function percentFormatter(decimals: number): Intl.NumberFormat {
  let formatter = percentFormatters.get(decimals);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    percentFormatters.set(decimals, formatter);
  }
  return formatter;
}

export const DASH = '-';

export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `-1234.5` → `-$1,234.50`; '-' for a missing value. */
export function moneyText(value: number | null | undefined): string {
  return isNumber(value) ? formatMoney(value) : DASH;
}

/** A percentage 0–100 as the wire carries it (decision 9): `55.55, 1` → `55.6%`. */
export function percentText(value: number | null | undefined, decimals: number): string {
  return isNumber(value) ? `${percentFormatter(decimals).format(value)}%` : DASH;
}

/** A fraction 0–1 (win rate, progress) as a percentage: `0.555, 1` → `55.5%`. */
export function fractionPercentText(value: number | null | undefined, decimals: number): string {
  return isNumber(value) ? percentText(value * 100, decimals) : DASH;
}

/** A plain number with a fixed number of decimals (profit factor: 2). */
export function decimalText(value: number | null | undefined, decimals: number): string {
  return isNumber(value) ? percentFormatter(decimals).format(value) : DASH;
}

/** A count with thousands separators. */
export function countText(value: number | null | undefined): string {
  return isNumber(value) ? countFormatter.format(value) : DASH;
}

/** The colour of a signed amount: green above zero, red below, the normal text colour at zero. */
export function signColor(value: number | null | undefined): string | undefined {
  if (!isNumber(value) || value === 0) return undefined;
  return value > 0 ? 'fg.success' : 'fg.error';
}

/** `20260302` → `03/02/2026` (decision 10); anything else is shown as it is, or '-'. */
export function tradingDateText(date: string | null | undefined): string {
  return date ? displayDate(date) : DASH;
}

/** `20260302` → `2026-03-02` (the report page URLs have dashes, decision 10). */
export function dashedDate(date: string): string {
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
}

const dateTimeFormatter = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** An ISO timestamp in the reader's time zone; '-' when missing or unreadable. */
export function timestampText(iso: string | null | undefined): string {
  if (!iso) return DASH;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormatter.format(time);
}

const relativeFormatter = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** `2 hours ago`, `yesterday`, `3 months ago` (spec 001 §2.9: descriptions with relative times). */
export function relativeTimeText(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  let amount = (time - now) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormatter.format(Math.round(amount), unit);
    amount /= size;
  }
  return relativeFormatter.format(Math.round(amount), 'year');
}
