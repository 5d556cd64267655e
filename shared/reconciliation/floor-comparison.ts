import * as z from 'zod';
import { centsToDollars, dollarsToCents } from '../money/decimal';
import type { DrawdownDay } from '../rules/drawdown-day';

/*
 * Two witnesses of one account-day's drawdown floor: the broker's liquidation floor
 * (`AutoLiquidateThresholdValue` of daily-performance.csv, the Rithmic RMS's own threshold after the
 * day) and the floor the engine computed after the same day (`DrawdownDay.floor`, as it trailed and
 * locked). Equal floors agree; a difference beyond {@link FLOOR_TOLERANCE_CENTS} is a mismatch that
 * staff reconcile, with the likely cause this module reads from the day's figures.
 */

/**
 * Floors further apart than one cent differ. Both witnesses are amounts in cents (the broker's column
 * is money, the engine's floor is computed in cents), so a cent absorbs the half-cent a broker that
 * rounds rather than truncates may show, and nothing a firm would care about is hidden by it.
 */
export const FLOOR_TOLERANCE_CENTS = 1;

export const mismatchCauseSchema = z.enum([
  'no-drawdown-rule',
  'manual-balance-edit',
  'trailing-behaviour',
  'lock-behaviour',
  'configuration-offset',
  'unexplained',
]);
export type MismatchCause = z.infer<typeof mismatchCauseSchema>;

/** Each likely cause in a few words (the Reconciliation screen's column). */
export const MISMATCH_CAUSE_TITLES: Record<MismatchCause, string> = {
  'no-drawdown-rule': 'Account without a drawdown rule',
  'manual-balance-edit': 'Manual balance edit',
  'trailing-behaviour': 'Program/RMS mismatch: trailing',
  'lock-behaviour': 'Program/RMS mismatch: lock',
  'configuration-offset': 'Program/RMS mismatch: drawdown amount',
  unexplained: 'Unexplained',
};

/** What each likely cause tells staff to look at. */
export const MISMATCH_CAUSE_LABELS: Record<MismatchCause, string> = {
  'no-drawdown-rule':
    'Account without a drawdown rule: the broker liquidates at a floor the program does not have',
  'manual-balance-edit':
    "Manual balance edit: the day's starting balance differs from the previous day's end",
  'trailing-behaviour':
    "Program/RMS configuration mismatch: the broker's floor did not trail with the day's close (intraday vs end-of-day trailing)",
  'lock-behaviour':
    "Program/RMS configuration mismatch: the program's floor has locked, the broker's has not (or locked elsewhere)",
  'configuration-offset':
    'Program/RMS configuration mismatch: a constant offset, the RMS drawdown amount differs from the program',
  unexplained:
    "No known pattern: compare the program's drawdown rule with the broker's RMS settings",
};

/** One account-day's two floors, and what the day's figures say about a difference. */
export interface FloorComparisonInput {
  /** `AutoLiquidateThresholdValue` of the day's performance row (dollars). */
  brokerFloor: number;
  /** The engine's drawdown of the day (`drawdownOfDay`), null when the phase has no drawdown rule. */
  engine: DrawdownDay | null;
  /** The day's starting balance as the broker reports it: AcctBal − NetPnl (dollars). */
  startBalance: number;
  /** The previous judged day's end-of-day balance, null on the account's first day. */
  previousBalance: number | null;
  /**
   * The mismatch of the account's previous day (its difference, broker − engine, and cause), null
   * when that day agreed or is unknown: a constant offset repeats from day to day, and an offset a
   * balance edit opened keeps its cause.
   */
  previous: { difference: number | null; cause: MismatchCause } | null;
}

export interface FloorComparison {
  brokerFloor: number;
  /** Null when the engine has no floor (no drawdown rule). */
  engineFloor: number | null;
  /** brokerFloor − engineFloor (dollars); null without an engine floor. */
  difference: number | null;
  /** The floors agree within {@link FLOOR_TOLERANCE_CENTS}. */
  agrees: boolean;
  /** Null when the floors agree. */
  cause: MismatchCause | null;
}

const differ = (a: number, b: number): boolean => Math.abs(a - b) > FLOOR_TOLERANCE_CENTS;

/**
 * Compares the broker's floor with the engine's for one account-day. The likely cause is read in
 * this order: no engine floor; a starting balance that is not the previous end (someone edited the
 * balance at the broker, and the engine trailed from the edited figures); a broker floor equal to
 * the floor in force before the day's raise (the RMS trails at another moment); an engine floor that
 * locked while the broker's moved past it; the same difference as the day before (a constant offset:
 * the RMS drawdown amount differs, or a balance edit's offset carried on). Otherwise unexplained.
 */
export function compareFloors(input: FloorComparisonInput): FloorComparison {
  const brokerCents = dollarsToCents(input.brokerFloor);
  const brokerFloor = centsToDollars(brokerCents);
  if (!input.engine) {
    return {
      brokerFloor,
      engineFloor: null,
      difference: null,
      agrees: false,
      cause: 'no-drawdown-rule',
    };
  }
  const engineCents = dollarsToCents(input.engine.floor);
  const differenceCents = brokerCents - engineCents;
  const base = {
    brokerFloor,
    engineFloor: centsToDollars(engineCents),
    difference: centsToDollars(differenceCents),
  };
  if (!differ(brokerCents, engineCents)) return { ...base, agrees: true, cause: null };
  return { ...base, agrees: false, cause: likelyCause(input, brokerCents, differenceCents) };
}

function likelyCause(
  input: FloorComparisonInput,
  brokerCents: number,
  differenceCents: number,
): MismatchCause {
  const engine = input.engine as DrawdownDay;
  if (
    input.previousBalance !== null &&
    differ(dollarsToCents(input.startBalance), dollarsToCents(input.previousBalance))
  ) {
    return 'manual-balance-edit';
  }
  const inForceCents = dollarsToCents(engine.floorInForce);
  if (differ(inForceCents, dollarsToCents(engine.floor)) && !differ(brokerCents, inForceCents)) {
    return 'trailing-behaviour';
  }
  if (engine.locked && differenceCents > 0) return 'lock-behaviour';
  const previous = input.previous;
  if (
    previous &&
    previous.difference !== null &&
    !differ(dollarsToCents(previous.difference), differenceCents)
  ) {
    return previous.cause === 'manual-balance-edit' ? previous.cause : 'configuration-offset';
  }
  return 'unexplained';
}
