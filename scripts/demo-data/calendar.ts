/**
 * Trading dates and Central-time timestamps without the clock or the platform's time-zone database,
 * so that a seed gives the same files on every machine.
 */

import { daysFromCivil } from '@shared/rules/calendar';

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

/** Days since 1970-01-01 of a proleptic Gregorian date. */
export const epochDay = daysFromCivil;

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** The calendar date of an epoch day (H. Hinnant's civil_from_days). */
export function civilDate(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthPart = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthPart + 2) / 5) + 1;
  const month = monthPart < 10 ? monthPart + 3 : monthPart - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(days: number): number {
  // 1970-01-01 was a Thursday.
  return (((days + 4) % 7) + 7) % 7;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `YYYYMMDD` of an epoch day. */
export function formatDate(days: number): string {
  const { year, month, day } = civilDate(days);
  return `${pad(year, 4)}${pad(month)}${pad(day)}`;
}

/** `YYYY-MM-DD` of an epoch day. */
export function isoDate(days: number): string {
  const { year, month, day } = civilDate(days);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Epoch day of a `YYYYMMDD` date; throws on anything else. */
export function parseDate(text: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`Not a YYYYMMDD date: ${text}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = epochDay(year, month, day);
  const back = civilDate(days);
  if (back.month !== month || back.day !== day)
    throw new RangeError(`Not a calendar date: ${text}`);
  return days;
}

/**
 * The `count` weekdays ending on `endDate` (or on the last weekday before it), oldest first, as epoch
 * days. Exchange holidays are not skipped: the broker's calendar is not what the demo is about.
 */
export function tradingDays(endDate: string, count: number): number[] {
  let day = parseDate(endDate);
  const days: number[] = [];
  while (days.length < count) {
    const dow = weekday(day);
    if (dow !== 0 && dow !== 6) days.push(day);
    day -= 1;
  }
  return days.reverse();
}

/** Epoch day of the `nth` `dow` (0 = Sunday) of a month. */
export function nthWeekday(year: number, month: number, dow: number, nth: number): number {
  const first = epochDay(year, month, 1);
  return first + ((dow - weekday(first) + 7) % 7) + (nth - 1) * 7;
}

/**
 * US daylight saving in Chicago (since 2007): from the second Sunday of March 02:00 CST to the first
 * Sunday of November 02:00 CDT. Takes the local wall time in ms since the epoch (as if it were UTC).
 */
function centralIsDaylight(localWallMs: number): boolean {
  const days = Math.floor(localWallMs / MS_PER_DAY);
  const { year } = civilDate(days);
  const start = nthWeekday(year, 3, 0, 2) * MS_PER_DAY + 2 * 3_600_000;
  const end = nthWeekday(year, 11, 0, 1) * MS_PER_DAY + 2 * 3_600_000;
  return localWallMs >= start && localWallMs < end;
}

/** UTC offset of Chicago, in minutes, at a local wall time (−300 in summer, −360 in winter). */
export function centralOffsetMinutes(localWallMs: number): number {
  return centralIsDaylight(localWallMs) ? -300 : -360;
}

/**
 * ISO 8601 text with the Central offset of a local wall time given as ms since the epoch read as UTC
 * (`2026-03-02T14:31:05.123-06:00`). Wall times skipped or repeated by a change never occur: the
 * generator only stamps the CME session, which opens Sunday 17:00, after the 02:00 changes.
 */
export function formatCentral(localWallMs: number): string {
  const days = Math.floor(localWallMs / MS_PER_DAY);
  const { year, month, day } = civilDate(days);
  let rest = localWallMs - days * MS_PER_DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / MS_PER_MINUTE);
  rest -= minutes * MS_PER_MINUTE;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const offset = centralOffsetMinutes(localWallMs);
  const sign = offset < 0 ? '-' : '+';
  const magnitude = Math.abs(offset);
  return (
    `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}.` +
    `${pad(millis, 3)}${sign}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`
  );
}

/**
 * Local wall time (ms, read as UTC) of the CME session of trading date `day`: the session opens at
 * 17:00 Central the evening before (Sunday evening for a Monday), so offset 0 is that moment.
 */
export function sessionStartWallMs(day: number): number {
  return (day - 1) * MS_PER_DAY + 17 * 3_600_000;
}
