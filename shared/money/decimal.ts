/**
 * Exact decimal arithmetic on plain numbers. Broker files and rule parameters carry decimal values
 * (dollars, fractions such as 0.4, position factors such as 0.1); binary floating point cannot hold most
 * of them exactly, so comparisons that decide a pass or a bust go through the decimal the value was
 * written as, and through integer products that fall back to BigInt when they leave the safe range.
 */

/** A non-negative power of ten as denominator: 0.4 is `{ numerator: 4, denominator: 10 }`. */
export interface DecimalFraction {
  numerator: number;
  denominator: number;
}

interface DecimalDigits {
  negative: boolean;
  /** All significant digits, without the decimal point. */
  digits: string;
  /** Position of the decimal point counted from the left of `digits` (may be < 0 or > length). */
  point: number;
}

const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** Splits a number's shortest round-trip decimal text (`String(x)`) into digits and point position. */
function decimalDigits(text: string): DecimalDigits {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal number: ${text}`);
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  return {
    negative: sign === '-',
    digits: whole + fraction,
    point: whole.length + Number(exponent),
  };
}

/** The integer made of `digits` read up to `point`, rounded half away from zero on the next digits. */
function roundAtPoint({ negative, digits, point }: DecimalDigits, decimals: number): number {
  const cut = point + decimals;
  const kept = cut <= 0 ? '' : digits.slice(0, cut).padEnd(cut, '0');
  const roundUp = cut >= 0 && cut < digits.length && digits.charCodeAt(cut) >= 53;
  const magnitude = (kept === '' ? 0 : Number(kept)) + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(magnitude))
    throw new RangeError('Decimal value out of the exact range');
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * Parses a decimal dollar text (`-1234.50`, `12`, `1.005`) to integer cents, rounding half away from
 * zero on the written decimal. Throws RangeError on anything that is not a plain decimal number.
 */
export function parseDollarsToCents(text: string): number {
  return roundAtPoint(decimalDigits(text), 2);
}

/**
 * Converts a dollar amount to integer cents. Values with at most two decimals (everything the broker
 * sends) take the fast path; others are rounded half away from zero on the decimal they were written as
 * (1.005 → 101), not on their binary approximation (1.005 × 100 = 100.49999999999999).
 */
export function dollarsToCents(dollars: number): number {
  const scaled = dollars * 100;
  const rounded = Math.round(scaled);
  // Within a rounding error of an integer means two decimals at most: the nearest integer is exact.
  if (Math.abs(scaled - rounded) < 1e-7) return rounded + 0;
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a money amount: ${dollars}`);
  return parseDollarsToCents(String(dollars));
}

/** Cents back to dollars: the double nearest to the two-decimal value, which JSON prints exactly. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

function greatestCommonDivisor(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/**
 * The decimal a number was written as, as a reduced fraction: 0.4 → 4/10 → 2/5. Digits beyond
 * `maxDecimals` are rounded half away from zero (no rule parameter is meaningful beyond nine decimals).
 */
export function decimalFraction(value: number, maxDecimals = 9): DecimalFraction {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  if (Number.isInteger(value)) return { numerator: value + 0, denominator: 1 };
  const parts = decimalDigits(String(value));
  const decimals = Math.min(Math.max(parts.digits.length - parts.point, 0), maxDecimals);
  const numerator = roundAtPoint(parts, decimals);
  const denominator = 10 ** decimals;
  const divisor = greatestCommonDivisor(numerator, denominator) || 1;
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

/** The sign of `a × b − c × d` for integers, exact even when the products exceed 2^53. */
export function compareProducts(a: number, b: number, c: number, d: number): -1 | 0 | 1 {
  const left = a * b;
  const right = c * d;
  // A float product of integers is exact while it stays within the safe range.
  if (Math.abs(left) <= Number.MAX_SAFE_INTEGER && Math.abs(right) <= Number.MAX_SAFE_INTEGER) {
    return left < right ? -1 : left > right ? 1 : 0;
  }
  const difference = BigInt(a) * BigInt(b) - BigInt(c) * BigInt(d);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** `round(a × b / c)` for integers (c ≠ 0), rounding half away from zero, exact. */
export function multiplyDivideRound(a: number, b: number, c: number): number {
  if (c === 0) throw new RangeError('Division by zero');
  const product = a * b;
  if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) {
    const remainder = product % c;
    const quotient = (product - remainder) / c;
    const away = 2 * Math.abs(remainder) >= Math.abs(c) ? Math.sign(product) * Math.sign(c) : 0;
    return quotient + away + 0;
  }
  const big = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const quotient = big / divisor;
  const remainder = big % divisor;
  const abs = (x: bigint): bigint => (x < 0n ? -x : x);
  const away = 2n * abs(remainder) >= abs(divisor) ? (big < 0n !== divisor < 0n ? -1n : 1n) : 0n;
  const result = Number(quotient + away);
  if (!Number.isSafeInteger(result)) throw new RangeError('Result out of the exact range');
  return result;
}
