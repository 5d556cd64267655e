import { lastTradingDateBefore } from '../../../scripts/local-stack/seed';

describe('lastTradingDateBefore', () => {
  it.each([
    ['2026-11-23T10:00:00Z', '20261120'], // Monday → the Friday before
    ['2026-11-24T00:30:00Z', '20261123'], // Tuesday → Monday
    ['2026-11-22T12:00:00Z', '20261120'], // Sunday → Friday
    ['2026-03-01T12:00:00Z', '20260227'], // across a month end
  ])('on %s is %s', (today, expected) => {
    expect(lastTradingDateBefore(new Date(today))).toBe(expected);
  });
});
