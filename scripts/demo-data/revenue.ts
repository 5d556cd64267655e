import { formatCentral } from './calendar';
import { randomFor } from './random';
import type { Row } from './rows';

/**
 * The payment collectors' daily totals: evaluation purchases, resets and activations paid through
 * Stripe and PayPal, in integer cents, scaled to the size of the firm.
 */

/** Prices of the demo programs' fees, in cents. */
const PRICES = [16_500, 26_500, 37_500, 9_900, 12_900, 14_900, 13_000];

const PROVIDERS = [
  // Stripe: 2.9% + 30¢ per charge; PayPal: 3.49% + 49¢.
  { provider: 'stripe', share: 0.7, basisPoints: 290, fixedCents: 30 },
  { provider: 'paypal', share: 0.3, basisPoints: 349, fixedCents: 49 },
] as const;

const MS_PER_DAY = 86_400_000;

export function revenueRows(seed: string, day: number, date: string, accounts: number): Row[] {
  const random = randomFor(seed, 'revenue', day);
  const expected = Math.max(3, accounts * 0.02);
  const transactions = Math.max(0, Math.round(random.normal(expected, Math.sqrt(expected))));
  const collectedAt = formatCentral(day * MS_PER_DAY + 23 * 3_600_000 + 30 * 60_000);
  const totals = PROVIDERS.map(() => ({ gross: 0, fees: 0, count: 0 }));
  for (let index = 0; index < transactions; index += 1) {
    const which = random.chance(PROVIDERS[0].share) ? 0 : 1;
    const { basisPoints, fixedCents } = PROVIDERS[which];
    const amount = random.pick(PRICES);
    const total = totals[which]!;
    total.gross += amount;
    total.fees += Math.round((amount * basisPoints) / 10_000) + fixedCents;
    total.count += 1;
  }
  return PROVIDERS.map(({ provider }, index) => {
    const { gross, fees, count } = totals[index]!;
    // A few payers buy more than one account on the same day.
    const payers =
      count === 0 ? 0 : Math.max(1, count - Math.floor(count * random.between(0, 0.1)));
    return [
      date,
      provider,
      String(gross),
      String(gross - fees),
      String(fees),
      String(count),
      String(payers),
      collectedAt,
    ];
  });
}
