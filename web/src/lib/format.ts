/** One formatter for the whole app: building Intl formatters is costly (DESIGN §5). */
const usdFormatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** en-US dollars with two decimals: 5250.75 → "$5,250.75". */
export function formatMoney(amount: number): string {
  return usdFormatter.format(amount);
}

/**
 * The app's date formatter: `20261121`, `2026-11-21` or an ISO timestamp → "11/21/2026" (decision 10).
 * The same function writes the API's messages, so a date reads one way wherever it appears.
 */
export { displayDate as formatDate } from '@shared/common/display-date';
