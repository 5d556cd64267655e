/*
 * The broker's liquidation floor (`AutoLiquidateThresholdValue`) the demo reports: the drawdown floor
 * after the day, as the programs compute it, except for two scenario accounts whose broker RMS is set
 * up differently, so the Reconciliation screen has work to show (docs/demo-data.md).
 */

/** The live-funded scenario's RMS uses a $2,500 drawdown where the program says $3,000. */
export const RMS_OFFSET_ACCOUNT = 'LIVE100K-000012';
export const RMS_OFFSET_CENTS = 50_000;
/** The sim-funded scenario's RMS raises its floor a day late (it reports the floor before the raise). */
export const RMS_LATE_TRAIL_ACCOUNT = 'SIMF100K-000011';

/** The floor the broker reports for an account-day, from the floors before and after the day. */
export function brokerFloorCents(
  accountId: string,
  floorBeforeCents: number | null,
  floorAfterCents: number | null,
): number | null {
  if (floorAfterCents === null) return null;
  if (accountId === RMS_OFFSET_ACCOUNT) return floorAfterCents + RMS_OFFSET_CENTS;
  if (accountId === RMS_LATE_TRAIL_ACCOUNT && floorBeforeCents !== null) return floorBeforeCents;
  return floorAfterCents;
}
