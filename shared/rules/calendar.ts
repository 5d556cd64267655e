/**
 * Calendar arithmetic on broker trading dates (`YYYYMMDD`) and ISO-8601 instants, without the clock
 * and without allocating `Date` objects: the engine runs it for every account-day and every fill.
 */

const MS_PER_DAY = 86_400_000;

function digitAt(text: string, index: number): number {
  const digit = text.charCodeAt(index) - 48;
  return digit >= 0 && digit <= 9 ? digit : Number.NaN;
}

function twoDigits(text: string, index: number): number {
  return digitAt(text, index) * 10 + digitAt(text, index + 1);
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a `YYYYMMDD` trading date; NaN when it is not one. */
export function epochDayOfDate(date: string): number {
  if (date.length !== 8) return Number.NaN;
  const year = twoDigits(date, 0) * 100 + twoDigits(date, 2);
  const month = twoDigits(date, 4);
  const day = twoDigits(date, 6);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return Number.NaN;
  return daysFromCivil(year, month, day);
}

/** Whether `date` is a real calendar date written `YYYYMMDD`. */
export function isTradingDate(date: string): boolean {
  return /^\d{8}$/.test(date) && !Number.isNaN(epochDayOfDate(date));
}

/** The Monday (as an epoch day) of the ISO week holding `epochDay`: the key of a weekly period. */
export function isoWeekStart(epochDay: number): number {
  // 1970-01-01 was a Thursday, three days after a Monday.
  return epochDay - ((((epochDay + 3) % 7) + 7) % 7);
}

/** `YYYYMM` of a `YYYYMMDD` date, as a number: the key of a monthly period. */
export function monthKey(date: string): number {
  return twoDigits(date, 0) * 10_000 + twoDigits(date, 2) * 100 + twoDigits(date, 4);
}

/**
 * Milliseconds since the epoch of an ISO-8601 instant with an offset
 * (`2026-03-02T14:31:05.123-06:00`, `...Z`). Parsed by hand because it runs for every fill; other forms
 * fall back to `Date.parse`. NaN when the text is not an instant.
 */
export function parseInstant(text: string): number {
  if (
    text.length < 20 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 || // T
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58
  ) {
    return Date.parse(text);
  }
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  let index = 19;
  let millis = 0;
  if (text.charCodeAt(index) === 46) {
    // Fractions of any length; only milliseconds matter.
    let scale = 100;
    index += 1;
    for (let digit = digitAt(text, index); !Number.isNaN(digit); digit = digitAt(text, index)) {
      millis += digit * scale;
      scale /= 10;
      index += 1;
    }
    millis = Math.floor(millis);
  }
  let offsetMinutes: number;
  const marker = text.charCodeAt(index);
  if (marker === 90 && text.length === index + 1) {
    offsetMinutes = 0; // Z
  } else if ((marker === 43 || marker === 45) && text.length === index + 6) {
    if (text.charCodeAt(index + 3) !== 58) return Date.parse(text);
    const magnitude = twoDigits(text, index + 1) * 60 + twoDigits(text, index + 4);
    offsetMinutes = marker === 45 ? -magnitude : magnitude;
  } else {
    return Date.parse(text);
  }
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59)) {
    return Number.NaN;
  }
  const seconds = hour * 3600 + minute * 60 + second - offsetMinutes * 60;
  return daysFromCivil(year, month, day) * MS_PER_DAY + seconds * 1000 + millis;
}
