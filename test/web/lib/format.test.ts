import {
  dateInputValue,
  formatCompactMoney,
  formatCount,
  formatCountOf,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatFractionPercent,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPoints,
  formatRelativeTime,
  formatTime,
  formatWholeMoney,
  MISSING,
  orMissing,
  tradingDateOfInput,
} from '@/lib/format';

describe('MISSING', () => {
  it("is the spec's '-' (000 §2: price 'else -'; 001 §2.9: '-' for non-numbers)", () => {
    expect(MISSING).toBe('-');
  });

  it.each([
    ['formatMoney', formatMoney],
    ['formatWholeMoney', formatWholeMoney],
    ['formatCompactMoney', formatCompactMoney],
    ['formatCount', formatCount],
    ['formatNumber', (value: number | null | undefined) => formatNumber(value)],
    ['formatDecimal', (value: number | null | undefined) => formatDecimal(value, 2)],
    ['formatPercent', (value: number | null | undefined) => formatPercent(value, 1)],
    [
      'formatFractionPercent',
      (value: number | null | undefined) => formatFractionPercent(value, 1),
    ],
    ['formatPoints', formatPoints],
    ['formatDuration', formatDuration],
  ])('%s answers MISSING for null, undefined, NaN and infinities', (_name, format) => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -Infinity]) {
      expect(format(value)).toBe(MISSING);
    }
  });

  it.each([
    ['formatDate', formatDate],
    ['formatLongDate', formatLongDate],
    ['formatDateTime', formatDateTime],
    ['formatTime', (value: string | null | undefined) => formatTime(value)],
    ['formatRelativeTime', (value: string | null | undefined) => formatRelativeTime(value)],
    ['orMissing', orMissing],
  ])('%s answers MISSING for null, undefined and an empty text', (_name, format) => {
    for (const value of [null, undefined, '']) expect(format(value)).toBe(MISSING);
  });

  it('orMissing keeps any other text, even a blank-looking one', () => {
    expect(orMissing('EVAL50K-000005')).toBe('EVAL50K-000005');
    expect(orMissing(' ')).toBe(' ');
    expect(orMissing('0')).toBe('0');
  });
});

describe('formatMoney', () => {
  it.each([
    [5250.75, '$5,250.75'],
    [4800.5, '$4,800.50'],
    [6125.99, '$6,125.99'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [-0.004, '$0.00'],
    [-0.005, '-$0.01'],
    [-1234.5, '-$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [0.1 + 0.2, '$0.30'],
  ])('writes %p as %p', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });

  it.each([
    [2500.5, '$2,501'],
    [0, '$0'],
    [-0.4, '$0'],
    [-2500, '-$2,500'],
  ])('whole dollars: %p as %p', (amount, expected) => {
    expect(formatWholeMoney(amount)).toBe(expected);
  });

  it.each([
    [12500, '$12.5K'],
    [-3_000_000, '-$3M'],
    [0, '$0'],
    [950, '$950'],
  ])('compact for chart axes: %p as %p', (amount, expected) => {
    expect(formatCompactMoney(amount)).toBe(expected);
  });
});

describe('numbers, counts and percentages', () => {
  it.each([
    [12345, '12,345'],
    [0, '0'],
    [-0, '0'],
    [-7, '-7'],
    [1_000_000, '1,000,000'],
  ])('formatCount writes %p as %p', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('formatCountOf names the noun in the singular for one only', () => {
    expect(formatCountOf(1, 'row')).toBe('1 row');
    expect(formatCountOf(0, 'row')).toBe('0 rows');
    expect(formatCountOf(1234, 'trader')).toBe('1,234 traders');
    expect(formatCountOf(2, 'day', 'days')).toBe('2 days');
    expect(formatCountOf(3, 'entry', 'entries')).toBe('3 entries');
  });

  it.each([
    [4512.25, undefined, '4,512.25'],
    [3, undefined, '3'],
    [0.1234567, undefined, '0.123457'],
    [2.345, 2, '2.35'],
    [-0.0001, 2, '0'],
    [-12.5, 2, '-12.5'],
  ])('formatNumber writes %p (up to %p decimals) as %p', (value, decimals, expected) => {
    expect(formatNumber(value, decimals)).toBe(expected);
  });

  it.each([
    [1.5, 2, '1.50'],
    [1234.5678, 2, '1,234.57'],
    [0, 2, '0.00'],
    [-0.001, 2, '0.00'],
    [-3.14159, 3, '-3.142'],
  ])('formatDecimal writes %p with %p decimals as %p', (value, decimals, expected) => {
    expect(formatDecimal(value, decimals)).toBe(expected);
  });

  it.each([
    [55.55, 1, '55.6%'],
    [55.55, 2, '55.55%'],
    [0, 1, '0.0%'],
    [100, 0, '100%'],
    [-12.345, 1, '-12.3%'],
    [1234.5, 1, '1,234.5%'],
  ])('formatPercent writes %p with %p decimals as %p', (value, decimals, expected) => {
    expect(formatPercent(value, decimals)).toBe(expected);
  });

  it.each([
    [0.555, 1, '55.5%'],
    [1, 0, '100%'],
    [0, 1, '0.0%'],
    [-0.25, 1, '-25.0%'],
  ])('formatFractionPercent writes %p with %p decimals as %p', (value, decimals, expected) => {
    expect(formatFractionPercent(value, decimals)).toBe(expected);
  });

  it.each([
    [2.25, '+2.25 pts'],
    [-0.5, '-0.50 pts'],
    [0, '0.00 pts'],
    [1.123456789, '+1.123457 pts'],
  ])('formatPoints writes %p as %p', (value, expected) => {
    expect(formatPoints(value)).toBe(expected);
  });

  it.each([
    [0, '0.0 s'],
    [850, '0.9 s'],
    [59_949, '59.9 s'],
    [59_950, '1 min 0 s'],
    [-20, '0.0 s'],
    [60_000, '1 min 0 s'],
    [75_000, '1 min 15 s'],
    [3_600_000, '60 min 0 s'],
  ])('formatDuration writes %p ms as %p', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});

describe('dates', () => {
  it.each([
    ['20261121', '11/21/2026'],
    ['2026-03-02', '03/02/2026'],
    ['20260229', '02/29/2026'],
    ['soon', 'soon'],
  ])('formatDate writes %p as %p (decision 10)', (date, expected) => {
    expect(formatDate(date)).toBe(expected);
  });

  it.each([
    ['20260303', 'Tuesday, March 3, 2026'],
    ['2026-03-03', 'Tuesday, March 3, 2026'],
    ['20261231', 'Thursday, December 31, 2026'],
    ['someday', 'someday'],
  ])('formatLongDate writes %p as %p', (date, expected) => {
    expect(formatLongDate(date)).toBe(expected);
  });

  it('converts between trading dates and date inputs both ways', () => {
    expect(dateInputValue('20260302')).toBe('2026-03-02');
    expect(dateInputValue('2026032')).toBe('');
    expect(dateInputValue(undefined)).toBe('');
    expect(tradingDateOfInput('2026-03-02')).toBe('20260302');
    expect(tradingDateOfInput('')).toBeUndefined();
    expect(tradingDateOfInput('03/02/2026')).toBeUndefined();
    expect(tradingDateOfInput(dateInputValue('20261121'))).toBe('20261121');
  });
});

describe('times on the firm clock (America/Chicago), the zone named', () => {
  it.each([
    // The trading day's close, winter and summer.
    ['2026-01-15T22:00:00.000Z', '01/15/2026, 4:00 PM CST'],
    ['2026-07-15T21:00:00.000Z', '07/15/2026, 4:00 PM CDT'],
    // Evening in Chicago is already the next day in UTC: the firm's date is shown.
    ['2026-03-03T03:30:00.000Z', '03/02/2026, 9:30 PM CST'],
    // Clocks go forward on 03/08/2026 at 2:00 AM CST: 1:59 AM CST is followed by 3:00 AM CDT.
    ['2026-03-08T07:59:00.000Z', '03/08/2026, 1:59 AM CST'],
    ['2026-03-08T08:00:00.000Z', '03/08/2026, 3:00 AM CDT'],
    // Clocks go back on 11/01/2026 at 2:00 AM CDT: 1:30 AM happens twice, told apart by the zone.
    ['2026-11-01T06:30:00.000Z', '11/01/2026, 1:30 AM CDT'],
    ['2026-11-01T07:30:00.000Z', '11/01/2026, 1:30 AM CST'],
    // An offset other than Z is read as written.
    ['2026-03-02T10:00:00+01:00', '03/02/2026, 3:00 AM CST'],
  ])('formatDateTime writes %p as %p', (iso, expected) => {
    expect(formatDateTime(iso)).toBe(expected);
  });

  it('reads epoch milliseconds and Dates alike', () => {
    const iso = '2026-07-15T21:00:00.000Z';
    expect(formatDateTime(Date.parse(iso))).toBe('07/15/2026, 4:00 PM CDT');
    expect(formatDateTime(new Date(iso))).toBe('07/15/2026, 4:00 PM CDT');
  });

  it('leaves an unreadable text as it is, and an invalid Date missing', () => {
    expect(formatDateTime('not a time')).toBe('not a time');
    expect(formatDateTime(new Date(Number.NaN))).toBe(MISSING);
  });

  it('does not depend on the viewer’s own time zone', () => {
    const before = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(formatDateTime('2026-01-15T22:00:00.000Z')).toBe('01/15/2026, 4:00 PM CST');
    } finally {
      process.env.TZ = before;
    }
  });

  it.each([
    ['2026-01-15T22:00:00.000Z', 'minutes', '4:00 PM CST'],
    ['2026-01-15T22:00:05.000Z', 'seconds', '4:00:05 PM CST'],
    ['2026-03-02T14:30:05.120-06:00', 'milliseconds', '2:30:05.120 PM CST'],
    ['2026-03-08T07:59:59.000Z', 'seconds', '1:59:59 AM CST'],
    ['2026-03-08T08:00:00.000Z', 'seconds', '3:00:00 AM CDT'],
    ['2026-11-01T06:59:59.000Z', 'minutes', '1:59 AM CDT'],
    ['2026-11-01T07:00:00.000Z', 'minutes', '1:00 AM CST'],
    ['2026-06-01T05:00:00.000Z', 'minutes', '12:00 AM CDT'],
  ] as const)('formatTime writes %p (to the %p) as %p', (iso, precision, expected) => {
    expect(formatTime(iso, precision)).toBe(expected);
  });

  it.each([
    ['2026-03-02T10:00:00.000Z', 'now'],
    ['2026-03-02T09:59:30.000Z', '30 seconds ago'],
    ['2026-03-02T08:00:00.000Z', '2 hours ago'],
    ['2026-03-01T10:00:00.000Z', 'yesterday'],
    ['2026-03-03T10:00:00.000Z', 'tomorrow'],
    ['2025-12-02T10:00:00.000Z', '3 months ago'],
    ['2024-03-02T10:00:00.000Z', '2 years ago'],
  ])('formatRelativeTime writes %p as %p from 03/02/2026 10:00 UTC', (iso, expected) => {
    expect(formatRelativeTime(iso, Date.parse('2026-03-02T10:00:00.000Z'))).toBe(expected);
  });
});
