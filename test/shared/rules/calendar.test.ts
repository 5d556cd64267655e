import fc from 'fast-check';
import {
  dateOfEpochDay,
  epochDayOfDate,
  isCalendarDate,
  isoWeekStart,
  monthKey,
  parseInstant,
} from '@shared/rules/calendar';
import { productRoot } from '@shared/rules/symbols';

describe('trading dates', () => {
  it('counts days since 1970-01-01', () => {
    expect(epochDayOfDate('19700101')).toBe(0);
    expect(epochDayOfDate('20260302')).toBe(Date.UTC(2026, 2, 2) / 86_400_000);
    expect(epochDayOfDate('20240229')).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
  });

  it.each(['20260231', '20250229', '2026030', '2026-03-02', '2026030a', '20261301'])(
    'rejects %p',
    (date) => {
      expect(isCalendarDate(date)).toBe(false);
    },
  );

  it('keys ISO weeks by their Monday', () => {
    const monday = epochDayOfDate('20260302');
    expect(isoWeekStart(monday)).toBe(monday);
    expect(isoWeekStart(epochDayOfDate('20260308'))).toBe(monday); // the Sunday after
    expect(isoWeekStart(epochDayOfDate('20260301'))).toBe(monday - 7); // the Sunday before
  });

  it('keys months as YYYYMM', () => {
    expect(monthKey('20260331')).toBe(202603);
  });
});

describe('parseInstant', () => {
  it.each([
    ['2026-03-02T14:31:05.123-06:00', Date.UTC(2026, 2, 2, 20, 31, 5, 123)],
    ['2026-03-02T14:31:05-06:00', Date.UTC(2026, 2, 2, 20, 31, 5)],
    ['2026-03-02T14:31:05.1Z', Date.UTC(2026, 2, 2, 14, 31, 5, 100)],
    ['2026-03-02T14:31:05.123456+05:30', Date.UTC(2026, 2, 2, 9, 1, 5, 123)],
  ])('reads %p', (text, instant) => {
    expect(parseInstant(text)).toBe(instant);
  });

  it.each(['2026-02-30T10:00:00Z', '2026-03-02T24:00:00Z', '2026-03-02T1a:00:00Z', 'yesterday'])(
    'rejects %p',
    (text) => {
      expect(parseInstant(text)).toBeNaN();
    },
  );

  it('agrees with Date.parse on instants written with any offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.integer({ min: -12 * 4, max: 14 * 4 }).map((quarters) => quarters * 15),
        fc.constantFrom(0, 1, 3, 6),
        (instant, offsetMinutes, fractionDigits) => {
          const local = new Date(instant + offsetMinutes * 60_000).toISOString();
          const sign = offsetMinutes < 0 ? '-' : '+';
          const magnitude = Math.abs(offsetMinutes);
          const offset = `${sign}${String(Math.floor(magnitude / 60)).padStart(2, '0')}:${String(magnitude % 60).padStart(2, '0')}`;
          const fraction = fractionDigits
            ? `.${local.slice(20, 23).padEnd(fractionDigits, '0')}`
            : '';
          const text = `${local.slice(0, 19)}${fraction}${offset}`;
          expect(parseInstant(text)).toBe(Date.parse(text));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('productRoot', () => {
  it.each([
    ['ESZ5', 'ES'],
    ['MNQH6', 'MNQ'],
    ['6EH26', '6E'],
    ['M2KZ5', 'M2K'],
    ['ZQZ5', 'ZQ'],
    ['ES', 'ES'],
    [' esz5 ', 'ES'],
  ])('%p has root %p', (symbol, root) => {
    expect(productRoot(symbol)).toBe(root);
  });
});

describe('dateOfEpochDay', () => {
  it.each([
    ['19700101', 0],
    ['20240229', epochDayOfDate('20240229')],
    ['20261231', epochDayOfDate('20261231')],
  ])('gives back %s from its epoch day', (date, epochDay) => {
    expect(dateOfEpochDay(epochDay)).toBe(date);
  });

  it('steps over a month end, a leap day and a year end', () => {
    const next = (date: string) => dateOfEpochDay(epochDayOfDate(date) + 1);
    expect(next('20261130')).toBe('20261201');
    expect(next('20240228')).toBe('20240229');
    expect(next('20251231')).toBe('20260101');
  });
});
