import fc from 'fast-check';
import { instantOfLocalTime, isKnownTimeZone, zoneClock } from '@shared/rules/time-zones';
import { epochDayOfDate } from '@shared/rules/calendar';

const HOUR = 3_600_000;

/** The local time of day straight from Intl, as an independent reference. */
function intlTimeOfDay(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return (field('hour') * 3600 + field('minute') * 60 + field('second')) * 1000 + (instant % 1000);
}

describe('zone clocks', () => {
  it('switches Chicago from CST to CDT at 2:00 local on the second Sunday of March 2026', () => {
    const clock = zoneClock('America/Chicago');
    const change = Date.UTC(2026, 2, 8, 8); // 02:00 CST
    expect(clock.offset(change - 1)).toBe(-6 * HOUR);
    expect(clock.offset(change)).toBe(-5 * HOUR);
    expect(clock.timeOfDay(change - 1)).toBe(2 * HOUR - 1);
    expect(clock.timeOfDay(change)).toBe(3 * HOUR);
  });

  it('switches back at 2:00 CDT on the first Sunday of November 2026', () => {
    const clock = zoneClock('Central');
    const change = Date.UTC(2026, 10, 1, 7);
    expect(clock.offset(change - 1)).toBe(-5 * HOUR);
    expect(clock.offset(change)).toBe(-6 * HOUR);
    expect(clock.timeOfDay(change)).toBe(1 * HOUR);
  });

  it('handles a zone whose change is on the half hour (Lord Howe)', () => {
    const clock = zoneClock('Australia/Lord_Howe');
    const instant = Date.UTC(2026, 3, 4, 14, 45);
    expect(clock.timeOfDay(instant)).toBe(intlTimeOfDay('Australia/Lord_Howe', instant));
  });

  it('agrees with Intl around the year in several zones', () => {
    const zones = ['America/Chicago', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
        (zone, instant) => {
          expect(zoneClock(zone).timeOfDay(instant)).toBe(intlTimeOfDay(zone, instant));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('knows IANA zones and the named news zones, and nothing else', () => {
    expect(isKnownTimeZone('America/Chicago')).toBe(true);
    expect(isKnownTimeZone('Eastern')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('instantOfLocalTime', () => {
  it('places 08:30 Eastern before and after the March change', () => {
    const minutes = (8 * 60 + 30) * 60_000;
    expect(instantOfLocalTime('Eastern', epochDayOfDate('20260306'), minutes)).toBe(
      Date.UTC(2026, 2, 6, 13, 30),
    );
    expect(instantOfLocalTime('Eastern', epochDayOfDate('20260309'), minutes)).toBe(
      Date.UTC(2026, 2, 9, 12, 30),
    );
  });

  it('reads a skipped wall time with the offset before the change', () => {
    const half = (2 * 60 + 30) * 60_000;
    expect(instantOfLocalTime('Central', epochDayOfDate('20260308'), half)).toBe(
      Date.UTC(2026, 2, 8, 8, 30),
    );
  });

  it('reads a repeated wall time as its first occurrence', () => {
    const half = (1 * 60 + 30) * 60_000;
    expect(instantOfLocalTime('Central', epochDayOfDate('20261101'), half)).toBe(
      Date.UTC(2026, 10, 1, 6, 30),
    );
  });
});
