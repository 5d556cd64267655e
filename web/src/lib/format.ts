/** One formatter for the whole app: building Intl formatters is costly (DESIGN §5). */
const usdFormatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** en-US dollars with two decimals: 5250.75 → "$5,250.75". */
export function formatMoney(amount: number): string {
  return usdFormatter.format(amount);
}
