import {
  centralOffsetMinutes,
  formatCentral,
  formatDate,
  parseDate,
  sessionStartWallMs,
  tradingDays,
  weekday,
} from '../../../scripts/demo-data/calendar';
import { frontContract } from '../../../scripts/demo-data/instruments';

/** Chicago's offset in minutes at a UTC instant, from the platform's time-zone database. */
function intlOffsetMinutes(instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
  );
  return (wall - instant) / 60_000;
}

describe('demo data calendar', () => {
  it('counts back D weekdays from the end date, skipping weekends', () => {
    const days = tradingDays('20260313', 20);

    expect(days).toHaveLength(20);
    expect(days.map(formatDate).slice(0, 3)).toEqual(['20260216', '20260217', '20260218']);
    expect(formatDate(days.at(-1)!)).toBe('20260313');
    expect(days.every((day) => weekday(day) !== 0 && weekday(day) !== 6)).toBe(true);
  });

  it('ends on the Friday before an end date that falls on a weekend', () => {
    expect(tradingDays('20260315', 2).map(formatDate)).toEqual(['20260312', '20260313']);
  });

  it('rejects an end date that is not a calendar date', () => {
    expect(() => parseDate('20260230')).toThrow(RangeError);
    expect(() => parseDate('2026-03-01')).toThrow(RangeError);
  });

  it.each([
    ['20260306', '2026-03-05T17:00:00.000-06:00'],
    // The session of Monday 9 March opens Sunday 8 March at 17:00, after the 02:00 change to CDT.
    ['20260309', '2026-03-08T17:00:00.000-05:00'],
    ['20261102', '2026-11-01T17:00:00.000-06:00'],
    ['20261030', '2026-10-29T17:00:00.000-05:00'],
  ])('opens the session of %s at 17:00 Central the evening before (%s)', (date, expected) => {
    expect(formatCentral(sessionStartWallMs(parseDate(date)))).toBe(expected);
  });

  it('agrees with the time-zone database on the Central offset around both changes', () => {
    for (const date of ['20260306', '20260309', '20260310', '20261030', '20261102', '20261231']) {
      const wall = sessionStartWallMs(parseDate(date)) + 16 * 3_600_000;
      const offset = centralOffsetMinutes(wall);
      const instant = wall - offset * 60_000;
      expect(offset).toBe(intlOffsetMinutes(instant));
    }
    expect(formatCentral(Date.UTC(2026, 6, 1, 9, 30, 5, 7))).toBe('2026-07-01T09:30:05.007-05:00');
    expect(Date.parse(formatCentral(Date.UTC(2026, 0, 5, 8, 30)))).toBe(
      Date.UTC(2026, 0, 5, 14, 30),
    );
  });

  it('names front-month contracts with CME month codes and rolls them', () => {
    // ES rolls to June on Thursday 12 March 2026, eight days before the March expiry.
    expect(frontContract('ES', parseDate('20260311'))).toBe('ESH6');
    expect(frontContract('ES', parseDate('20260312'))).toBe('ESM6');
    expect(frontContract('MNQ', parseDate('20261201'))).toBe('MNQZ6');
    expect(frontContract('NQ', parseDate('20261215'))).toBe('NQH7');
    expect(frontContract('CL', parseDate('20260310'))).toBe('CLJ6');
    expect(frontContract('CL', parseDate('20260323'))).toBe('CLK6');
    expect(frontContract('GC', parseDate('20260310'))).toBe('GCJ6');
    expect(frontContract('GC', parseDate('20260327'))).toBe('GCM6');
  });
});
