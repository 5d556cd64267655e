/**
 * Local wall-clock time of instants in a rule's time zone, through `Intl.DateTimeFormat` (so daylight
 * saving follows the platform's tz database) but without calling it per fill: a zone's UTC offset is
 * cached per UTC hour, and only an hour that holds a transition is resolved instant by instant.
 */

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;
/** Bounds the per-zone cache of a long-lived process; a day of fills touches a handful of hours. */
const MAX_CACHED_HOURS = 100_000;

/** The news time-zone names of spec 001 §3 and the IANA zones they stand for. */
export const namedTimeZones = {
  Eastern: 'America/New_York',
  Central: 'America/Chicago',
  Mountain: 'America/Denver',
  Pacific: 'America/Los_Angeles',
  UTC: 'UTC',
} as const;

/** The IANA name for a rule's time zone (`Central` → `America/Chicago`); others pass through. */
export function ianaTimeZone(name: string): string {
  return Object.hasOwn(namedTimeZones, name)
    ? namedTimeZones[name as keyof typeof namedTimeZones]
    : name;
}

/** The clock of one time zone. Obtain it with `zoneClock`, once per rule, not per fill. */
export class ZoneClock {
  private readonly formatter: Intl.DateTimeFormat;
  /** Offset in ms valid for the whole UTC hour, or NaN when the offset changes within it. */
  private readonly offsetByHour = new Map<number, number>();
  private lastHour = Number.NaN;
  private lastOffset = Number.NaN;

  /** Throws RangeError for a zone the platform does not know. */
  constructor(name: string) {
    this.formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: ianaTimeZone(name),
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** The zone's UTC offset (ms, east positive) at an instant. */
  offset(instant: number): number {
    const hour = Math.floor(instant / MS_PER_HOUR);
    let offset: number;
    if (hour === this.lastHour) {
      offset = this.lastOffset;
    } else {
      const cached = this.offsetByHour.get(hour);
      if (cached === undefined) {
        const start = hour * MS_PER_HOUR;
        const atStart = this.exactOffset(start);
        offset = atStart === this.exactOffset(start + MS_PER_HOUR - 1) ? atStart : Number.NaN;
        if (this.offsetByHour.size >= MAX_CACHED_HOURS) this.offsetByHour.clear();
        this.offsetByHour.set(hour, offset);
      } else {
        offset = cached;
      }
      this.lastHour = hour;
      this.lastOffset = offset;
    }
    return Number.isNaN(offset) ? this.exactOffset(instant) : offset;
  }

  /** Milliseconds since local midnight of `instant` (0 ≤ result < 86,400,000). */
  timeOfDay(instant: number): number {
    const local = instant + this.offset(instant);
    // Floor division rather than %: instants exceed int32, and a float remainder is a library call.
    return local - Math.floor(local / MS_PER_DAY) * MS_PER_DAY;
  }

  /** The offset straight from Intl: the slow, exact path. */
  private exactOffset(instant: number): number {
    const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    for (const part of this.formatter.formatToParts(instant)) {
      if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value);
    }
    const wall = Date.UTC(
      fields.year,
      fields.month - 1,
      fields.day,
      fields.hour,
      fields.minute,
      fields.second,
    );
    return wall - (instant - (((instant % 1000) + 1000) % 1000));
  }
}

const clocks = new Map<string, ZoneClock>();

/** The shared clock of zone `name` (an IANA zone or a named zone). Throws RangeError if unknown. */
export function zoneClock(name: string): ZoneClock {
  let clock = clocks.get(name);
  if (!clock) {
    clock = new ZoneClock(name);
    clocks.set(name, clock);
  }
  return clock;
}

/** Whether the platform knows `name` (an IANA zone or one of the named zones). */
export function isKnownTimeZone(name: string): boolean {
  try {
    zoneClock(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant at which the wall clock of zone `name` shows the given local date and time. A wall time
 * skipped by a spring-forward change resolves with the offset in force before the change (02:30 on the
 * change day reads as 03:30 of the new offset); a repeated one resolves to its first occurrence.
 */
export function instantOfLocalTime(name: string, epochDay: number, millisOfDay: number): number {
  const clock = zoneClock(name);
  const wall = epochDay * MS_PER_DAY + millisOfDay;
  // Around the wall time the zone uses at most two offsets: the one of the day before and the one after.
  const earlierOffset = clock.offset(wall - MS_PER_DAY);
  const laterOffset = clock.offset(wall + MS_PER_DAY);
  const withEarlier = wall - earlierOffset;
  const withLater = wall - laterOffset;
  const earlierFits = clock.offset(withEarlier) === earlierOffset;
  const laterFits = clock.offset(withLater) === laterOffset;
  if (earlierFits && laterFits) return Math.min(withEarlier, withLater);
  return laterFits && !earlierFits ? withLater : withEarlier;
}
