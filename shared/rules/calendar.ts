/**
 * Calendar arithmetic on broker trading dates (`YYYYMMDD`) and ISO-8601 instants, without the clock
 * and without allocating `Date` objects: the engine runs it for every account-day and every fill.
 */

const MS_PER_DAY = 86_400_000;

/** The two-digit number at `index`; NaN unless both characters are digits. */
function twoDigits(text: string, index: number): number {
  const tens = text.charCodeAt(index) - 48;
  const units = text.charCodeAt(index + 1) - 48;
  // Unsigned shift turns a negative difference (a character below '0') into a huge number.
  return tens >>> 0 > 9 || units >>> 0 > 9 ? Number.NaN : tens * 10 + units;
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
  if (!(year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)))
    return Number.NaN;
  return daysFromCivil(year, month, day);
}

/** `YYYYMMDD` of days since 1970-01-01 (the inverse of {@link epochDayOfDate}). */
export function dateOfEpochDay(epochDay: number): string {
  return new Date(epochDay * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}

/** Whether `date` is a real calendar date written `YYYYMMDD`. */
export function isCalendarDate(date: string): boolean {
  return !Number.isNaN(epochDayOfDate(date));
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

/** The digit at `index` as a number; > 9 (unsigned) when the character is not a digit. */
const digit = (text: string, index: number): number => (text.charCodeAt(index) - 48) >>> 0;

/**
 * The broker's own form, `YYYY-MM-DDTHH:MM:SS.mmm±HH:MM`, read in one unrolled pass (most fills).
 * NaN when the text does not have exactly that form; the general parser then decides.
 */
function parseBrokerInstant(text: string): number {
  const sign = text.charCodeAt(23);
  if (
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(19) !== 46 ||
    text.charCodeAt(26) !== 58 ||
    (sign !== 43 && sign !== 45)
  ) {
    return Number.NaN;
  }
  const y1 = digit(text, 0);
  const y2 = digit(text, 1);
  const y3 = digit(text, 2);
  const y4 = digit(text, 3);
  const mo1 = digit(text, 5);
  const mo2 = digit(text, 6);
  const d1 = digit(text, 8);
  const d2 = digit(text, 9);
  const h1 = digit(text, 11);
  const h2 = digit(text, 12);
  const mi1 = digit(text, 14);
  const mi2 = digit(text, 15);
  const s1 = digit(text, 17);
  const s2 = digit(text, 18);
  const f1 = digit(text, 20);
  const f2 = digit(text, 21);
  const f3 = digit(text, 22);
  const oh1 = digit(text, 24);
  const oh2 = digit(text, 25);
  const om1 = digit(text, 27);
  const om2 = digit(text, 28);
  if (
    y1 > 9 ||
    y2 > 9 ||
    y3 > 9 ||
    y4 > 9 ||
    mo1 > 9 ||
    mo2 > 9 ||
    d1 > 9 ||
    d2 > 9 ||
    h1 > 9 ||
    h2 > 9 ||
    mi1 > 9 ||
    mi2 > 9 ||
    s1 > 9 ||
    s2 > 9 ||
    f1 > 9 ||
    f2 > 9 ||
    f3 > 9 ||
    oh1 > 9 ||
    oh2 > 9 ||
    om1 > 9 ||
    om2 > 9
  ) {
    return Number.NaN;
  }
  const year = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
  const month = mo1 * 10 + mo2;
  const day = d1 * 10 + d2;
  const hour = h1 * 10 + h2;
  const minute = mi1 * 10 + mi2;
  const second = s1 * 10 + s2;
  const offset = (oh1 * 10 + oh2) * 60 + om1 * 10 + om2;
  if (
    !(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return Number.NaN;
  }
  const seconds = hour * 3600 + minute * 60 + second - (sign === 45 ? -offset : offset) * 60;
  return daysFromCivil(year, month, day) * MS_PER_DAY + seconds * 1000 + f1 * 100 + f2 * 10 + f3;
}

/**
 * Milliseconds since the epoch of an ISO-8601 instant with an offset
 * (`2026-03-02T14:31:05.123-06:00`, `...Z`). Parsed by hand because it runs for every fill; other forms
 * fall back to `Date.parse`. NaN when the text is not an instant.
 */
export function parseInstant(text: string): number {
  if (text.length === 29) {
    const fast = parseBrokerInstant(text);
    if (!Number.isNaN(fast)) return fast;
  }
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
    for (index += 1; (text.charCodeAt(index) - 48) >>> 0 <= 9; index += 1) {
      millis += (text.charCodeAt(index) - 48) * scale;
      scale /= 10;
    }
    if (index === 20) return Number.NaN;
    millis = Math.floor(millis);
  }
  let offsetMinutes: number;
  const marker = text.charCodeAt(index);
  if (marker === 90 && text.length === index + 1) {
    offsetMinutes = 0; // Z
  } else if (
    (marker === 43 || marker === 45) &&
    text.length === index + 6 &&
    text.charCodeAt(index + 3) === 58
  ) {
    const magnitude = twoDigits(text, index + 1) * 60 + twoDigits(text, index + 4);
    offsetMinutes = marker === 45 ? -magnitude : magnitude;
  } else {
    return Date.parse(text);
  }
  if (
    !(year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) ||
    !(hour <= 23 && minute <= 59 && second <= 59 && !Number.isNaN(offsetMinutes))
  ) {
    return Number.NaN;
  }
  const seconds = hour * 3600 + minute * 60 + second - offsetMinutes * 60;
  return daysFromCivil(year, month, day) * MS_PER_DAY + seconds * 1000 + millis;
}
