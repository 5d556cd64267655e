/**
 * Formats integer cents as en-US dollars (`-$1,234.50`), the same text as
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` at a fraction of its cost: the
 * rules engine writes one or two amounts into the message of every rule of every account-day.
 */
export function formatUsdCents(cents: number): string {
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100);
  const rest = magnitude - dollars * 100;
  let grouped = String(dollars);
  for (let at = grouped.length - 3; at > 0; at -= 3) {
    grouped = `${grouped.slice(0, at)},${grouped.slice(at)}`;
  }
  return `${cents < 0 ? '-' : ''}$${grouped}.${rest < 10 ? '0' : ''}${rest}`;
}
