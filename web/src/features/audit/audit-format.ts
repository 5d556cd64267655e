import { formatDate } from '@/lib/format';

/** Display of audit values (decision 10: dates shown month/day/year; '-' for absent values). */

const priceFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
const countFormatter = new Intl.NumberFormat('en-US');

/** `20260302` → `03/02/2026`; anything that is not a broker date, '-'. */
export function formatProcessDate(date: string | null | undefined): string {
  if (!date || !/^\d{8}$/.test(date)) return '-';
  return formatDate(date);
}

/** The server's own clock time of the event (`HH:MM:SS.mmm`), as the broker recorded it. */
export function formatServerTime(timestamp: string): string {
  const match = /T(\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?)/.exec(timestamp);
  return match ? (match[1] as string) : timestamp;
}

export function formatPrice(value: number | undefined): string {
  return value === undefined ? '-' : priceFormatter.format(value);
}

export function formatCount(value: number | undefined): string {
  return value === undefined ? '-' : countFormatter.format(value);
}

export function orDash(value: string | undefined): string {
  return value === undefined || value === '' ? '-' : value;
}
