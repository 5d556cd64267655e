const pad3 = (value: number): string =>
  value < 10 ? `00${value}` : value < 100 ? `0${value}` : String(value);

/** A non-negative integer with en-US thousands separators: 1234567 → "1,234,567". */
function groupThousands(value: number): string {
  if (value < 1000) return String(value);
  const thousands = Math.floor(value / 1000);
  return `${groupThousands(thousands)},${pad3(value - thousands * 1000)}`;
}

/**
 * Formats integer cents as en-US dollars (`-$1,234.50`), the same text as
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` at a fraction of its cost: the
 * rules engine writes amounts into the message of every rule of every account-day.
 */
export function formatUsdCents(cents: number): string {
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100);
  const rest = magnitude - dollars * 100;
  return `${cents < 0 ? '-' : ''}$${groupThousands(dollars)}.${rest < 10 ? '0' : ''}${rest}`;
}
