import fc from 'fast-check';
import {
  centsToDollars,
  compareProducts,
  decimalFraction,
  dollarsToCents,
  multiplyDivideRound,
  parseDollarsToCents,
} from '@shared/money/decimal';

describe('dollarsToCents', () => {
  it.each([
    [-1234.5, -123450],
    [0.1, 10],
    [0.07, 7],
    [1.15, 115],
    [50000, 5000000],
    [-0, 0],
  ])('converts broker dollars %p to %p cents exactly', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('rounds half away from zero on the written decimal, not on its binary approximation', () => {
    // 1.005 * 100 is 100.49999999999999 in binary floating point.
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(-1.005)).toBe(-101);
    expect(dollarsToCents(2.675)).toBe(268);
    expect(dollarsToCents(0.004)).toBe(0);
  });

  it('never returns negative zero', () => {
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  it('rejects values that are not money', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('round-trips every two-decimal amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseDollarsToCents', () => {
  it.each([
    ['-1234.50', -123450],
    ['12', 1200],
    ['0.005', 1],
    ['1e3', 100000],
    [' 7.1 ', 710],
  ])('parses %p to %p cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  it('rejects text that is not a plain decimal', () => {
    expect(() => parseDollarsToCents('12,50')).toThrow(RangeError);
    expect(() => parseDollarsToCents('$5')).toThrow(RangeError);
  });
});

describe('decimalFraction', () => {
  it('gives the reduced fraction of the decimal a number was written as', () => {
    expect(decimalFraction(0.4)).toEqual({ numerator: 2, denominator: 5 });
    expect(decimalFraction(0.1)).toEqual({ numerator: 1, denominator: 10 });
    expect(decimalFraction(6)).toEqual({ numerator: 6, denominator: 1 });
    expect(decimalFraction(1e-7)).toEqual({ numerator: 1, denominator: 10_000_000 });
  });

  it('rounds beyond nine decimals', () => {
    expect(decimalFraction(0.1234567896)).toEqual({
      numerator: 12345679,
      denominator: 100_000_000,
    });
  });
});

describe('compareProducts', () => {
  it('compares exactly where floating point would tie', () => {
    // 0.1 * 3 > 0.3 in floating point; as fractions 1/10 * 3 equals 3/10.
    expect(compareProducts(1, 3, 3, 1)).toBe(0);
    expect(compareProducts(400, 5, 2, 1000)).toBe(0);
  });

  it('stays exact beyond 2^53', () => {
    const big = 2 ** 40;
    expect(compareProducts(big + 1, big, big, big + 1)).toBe(0);
    expect(compareProducts(big + 1, big + 1, big, big + 2)).toBe(1);
  });

  it('agrees with BigInt arithmetic', () => {
    const int = fc.integer({ min: -(2 ** 40), max: 2 ** 40 });
    fc.assert(
      fc.property(int, int, int, int, (a, b, c, d) => {
        const exact = BigInt(a) * BigInt(b) - BigInt(c) * BigInt(d);
        expect(compareProducts(a, b, c, d)).toBe(exact < 0n ? -1 : exact > 0n ? 1 : 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('multiplyDivideRound', () => {
  it('rounds half away from zero', () => {
    expect(multiplyDivideRound(5, 1, 2)).toBe(3);
    expect(multiplyDivideRound(-5, 1, 2)).toBe(-3);
    expect(multiplyDivideRound(5_000_000, 6, 100)).toBe(300_000);
    expect(multiplyDivideRound(1, 1, 3)).toBe(0);
  });

  it('stays exact beyond 2^53', () => {
    expect(multiplyDivideRound(2 ** 50, 3, 2 ** 40)).toBe(3 * 2 ** 10);
  });

  it('rejects a division by zero', () => {
    expect(() => multiplyDivideRound(1, 1, 0)).toThrow(RangeError);
  });
});
