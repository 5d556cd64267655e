import { dollarsToCents } from '../money/decimal';
import { formatUsdCents } from '../money/format';

/** How a rule writes its `{actual}` and `{target}` into messages. */

export const formatDollars = (dollars: number): string => formatUsdCents(dollarsToCents(dollars));

/** A fraction as a percentage with two decimals: 0.385 → "38.50%". */
export const formatRatioAsPercent = (ratio: number): string => {
  const hundredths = Math.round(Math.abs(ratio) * 10_000);
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths - whole * 100;
  return `${ratio < 0 && hundredths > 0 ? '-' : ''}${whole}.${rest < 10 ? '0' : ''}${rest}%`;
};

export const formatCount = (count: number): string => String(count);

/** Contracts to one decimal: micros count as tenths. */
export const formatContracts = (contracts: number): string =>
  String(Math.round(contracts * 10) / 10);
