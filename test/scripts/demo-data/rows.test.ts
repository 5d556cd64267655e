import { averageDurationDays } from '../../../scripts/demo-data/rows';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Spec 000: the performance report shows the "Average Win/Loss Duration in days". */
describe('averageDurationDays', () => {
  it('gives one 18-minute trade as 0.0125 days', () => {
    expect(averageDurationDays(18 * MINUTE, 1)).toBe('0.012500');
  });

  it('averages over the trades instead of summing them (1 h and 3 h → 2 h)', () => {
    expect(averageDurationDays(4 * HOUR, 2)).toBe('0.083333');
  });

  it('gives a whole day as 1 and longer averages with their whole days', () => {
    expect(averageDurationDays(24 * HOUR, 1)).toBe('1.000000');
    expect(averageDurationDays(72 * HOUR, 2)).toBe('1.500000');
  });

  it('rounds to the nearest millionth of a day (86.4 ms), halves away from zero', () => {
    expect(averageDurationDays(43, 1)).toBe('0.000000');
    expect(averageDurationDays(44, 1)).toBe('0.000001');
    // 864 seconds over 3 trades: 288 s = 0.003333… days.
    expect(averageDurationDays(864_000, 3)).toBe('0.003333');
    // 150 ms over 1 trade: 1.736… millionths → 2.
    expect(averageDurationDays(150, 1)).toBe('0.000002');
  });

  it('is zero without trades', () => {
    expect(averageDurationDays(0, 0)).toBe('0.000000');
  });
});
