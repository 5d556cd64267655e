import * as z from 'zod';
import { centsToDollars, dollarsToCents } from '../money/decimal';

/**
 * One account-day of the phase's drawdown rule as every screen shows it (decision 34): the floor as it
 * trailed and locked, the day's trough and the value that decided. The engine writes it into the
 * day's conformance and engine state; `drawdownOfDay` reads it back (or derives it for a day stored
 * before it existed), so the chart, the progress bars, the dashboard and the conformance screens all
 * show one computation. Money in dollars.
 */
export const drawdownDaySchema = z.object({
  maxDrawdown: z.number().min(0),
  /** The floor in force during the day: a trough under it breaches. */
  floorInForce: z.number(),
  /** The floor after the day, as it trailed and locked (frozen after a breach). */
  floor: z.number(),
  /** The floor has reached start + lockOffset and stops trailing. */
  locked: z.boolean(),
  /** The day's lowest balance (TROUGH_d of the contract); null when unknown. */
  trough: z.number().nullable(),
  /** The end-of-day balance. */
  balance: z.number(),
  /** Drawdown used at the close: maxDrawdown − (balance − floor), never below 0. */
  used: z.number().min(0),
  /** The drawdown at the trough against the floor in force: maxDrawdown − (trough − floorInForce), ≥ 0. */
  atTrough: z.number().nullable(),
  /** The value that decided the day: the breaching drawdown on a breach day, else `used`. */
  decided: z.number(),
  /** `decided` / maxDrawdown, 0..1 (1 on a breach day). */
  usage: z.number().min(0).max(1),
  breached: z.boolean(),
});
export type DrawdownDay = z.infer<typeof drawdownDaySchema>;

/** The figures of a drawdown day in cents, as the drawdown rule judges it. */
export interface DrawdownCents {
  maxCents: number;
  floorInForceCents: number;
  /** The floor the close is judged against (after the day's raise and lock). */
  closeFloorCents: number;
  /** The floor kept after the day (the close floor, or the floor in force after a breach). */
  floorCents: number;
  troughCents: number | null;
  balanceCents: number;
  locked: boolean;
  /** The trailing reset also breaches on a close under the same day's raised floor. */
  closeBreaches: boolean;
}

/** The drawdown day from the rule's figures: the one place `used`, `decided` and `usage` are computed. */
export function drawdownDayOf(figures: DrawdownCents): DrawdownDay {
  const { maxCents, floorInForceCents, closeFloorCents, troughCents, balanceCents } = figures;
  const atTroughCents = troughCents === null ? null : maxCents - (troughCents - floorInForceCents);
  const atCloseCents = maxCents - (balanceCents - closeFloorCents);
  const troughBreach = troughCents !== null && troughCents < floorInForceCents;
  const closeBreach = figures.closeBreaches && balanceCents < closeFloorCents;
  const usedCents = Math.max(0, maxCents - (balanceCents - figures.floorCents));
  let decidedCents = usedCents;
  if (troughBreach) decidedCents = atTroughCents!;
  if (closeBreach) decidedCents = Math.max(decidedCents, atCloseCents);
  const breached = troughBreach || closeBreach;
  const usage = breached
    ? 1
    : maxCents === 0
      ? balanceCents <= figures.floorCents
        ? 1
        : 0
      : Math.min(1, Math.max(0, decidedCents / maxCents));
  return {
    maxDrawdown: centsToDollars(maxCents),
    floorInForce: centsToDollars(floorInForceCents),
    floor: centsToDollars(figures.floorCents),
    locked: figures.locked,
    trough: troughCents === null ? null : centsToDollars(troughCents),
    balance: centsToDollars(balanceCents),
    used: centsToDollars(usedCents),
    atTrough: atTroughCents === null ? null : centsToDollars(Math.max(0, atTroughCents)),
    decided: centsToDollars(decidedCents),
    usage,
    breached,
  };
}

/** What a stored day offers to read its drawdown from; every part may be missing on old days. */
export interface DrawdownSource {
  conformance?: {
    drawdown?: DrawdownDay | null;
    rules?: ReadonlyArray<{
      ruleId: string;
      category: string;
      thresholdValue: number | null;
      details?: Record<string, unknown>;
    }>;
  } | null;
  state?: { drawdown?: DrawdownDay | null } | null;
  /** The broker's figures of the day, to find the trough of a day stored without one. */
  performance?: { AcctBal: number; NetPnl: number; LowPnl?: number } | null;
  /** The previous day's end-of-day balance (the start of this day), when the reader has it. */
  previousBalance?: number | null;
}

const dollars = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? dollarsToCents(value) : null;

/**
 * The drawdown of a stored day, from what the engine stored (conformance, then engine state); for a
 * day judged before the engine stored it, derived from the drawdown rule's entry (its floors and
 * limit) and the day's figures (the trough is the start of the day plus LowPnl, the close included).
 * Null without a drawdown rule or data. Every screen reads drawdown figures through this function.
 */
export function drawdownOfDay(source: DrawdownSource): DrawdownDay | null {
  const stored = source.conformance?.drawdown ?? source.state?.drawdown;
  if (stored) return stored;
  const entry = source.conformance?.rules?.find((rule) => rule.category === 'drawdown');
  const performance = source.performance;
  if (!entry || !performance) return null;
  const details = entry.details ?? {};
  const maxCents = dollars(entry.thresholdValue);
  const floorInForceCents = dollars(details['floorInForce']);
  if (maxCents === null || floorInForceCents === null) return null;
  const floorAfterCents = dollars(details['floorAfter']);
  const floorCents = floorAfterCents ?? floorInForceCents;
  const balanceCents = dollarsToCents(performance.AcctBal);
  const startCents =
    source.previousBalance !== undefined && source.previousBalance !== null
      ? dollarsToCents(source.previousBalance)
      : balanceCents - dollarsToCents(performance.NetPnl);
  const troughCents =
    performance.LowPnl === undefined
      ? balanceCents
      : Math.min(startCents + Math.min(dollarsToCents(performance.LowPnl), 0), balanceCents);
  return drawdownDayOf({
    maxCents,
    floorInForceCents,
    closeFloorCents: floorCents,
    floorCents,
    troughCents,
    balanceCents,
    locked: details['locked'] === true,
    closeBreaches: details['resetType'] === 'trailing',
  });
}
