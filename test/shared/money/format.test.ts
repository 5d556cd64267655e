import fc from 'fast-check';
import { formatUsdCents } from '@shared/money/format';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatUsdCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [-123450, '-$1,234.50'],
    [100_000_000, '$1,000,000.00'],
  ])('formats %p cents as %p', (cents, text) => {
    expect(formatUsdCents(cents)).toBe(text);
  });

  it('writes the same text as Intl.NumberFormat en-US USD', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatUsdCents(cents)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 500 },
    );
  });
});
