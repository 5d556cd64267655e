import * as z from 'zod';
import { accountStatusSchema, type AccountStatus } from './account-summary';
import { epochDayOfDate, parseInstant } from './calendar';
import { instantOfLocalTime } from './time-zones';

/*
 * The input-quality gate (docs/rules-engine.md "Input quality"): before an account-day's
 * judgement may change the account's status, its broker inputs are checked. A breach decided on
 * suspect inputs is held: the day is judged and stored, the account's status stays until staff release
 * the hold (the decided status then applies) or void the date. Pure: no clock, no I/O.
 */

/** Every threshold of the gate, in one place (documented in docs/rules-engine.md). */
export const INPUT_QUALITY = {
  /**
   * AcctBal(D) must equal AcctBal(previous day with data) + NetPnl(D): NetPnl is the day's net P&L
   * after commissions and fees (ClosedPnl − Commissions, contracts/broker-files.md), so nothing else
   * moves the balance on a day without cash movements. Allowed difference: 1 cent plus 1 millionth of
   * the previous balance (a rounding of the broker's own cents, $0.05 on a $50,000 account).
   */
  continuity: { absoluteCents: 1, relative: 0.000_001 },
  /**
   * The CME Globex session of trading date D: opens 17:00 Central on the calendar day before D
   * (Sunday evening for a Monday), closes 16:00 Central on D. A fill outside it belongs to another
   * date.
   */
  session: { timeZone: 'America/Chicago', opensPreviousDayAt: '17:00', closesAt: '16:00' },
  /**
   * Above this share of suspect accounts (suspect judged accounts plus accounts that vanished since
   * the previous date, over the accounts of both dates) the whole date is suspect and every breach of
   * it is held; only from this many accounts on, so one odd account of a tiny firm does not hold the rest.
   */
  firmShare: { maxSuspectShare: 0.1, minAccounts: 20 },
  /** Duplicate FillIds named on a hold, at most. */
  maxIdsShown: 5,
} as const;

export const qualityCheckSchema = z.enum([
  'balance-continuity',
  'duplicate-fill-ids',
  'fills-outside-session',
  'firm-share',
]);
export type QualityCheck = z.infer<typeof qualityCheckSchema>;

/** One failed check: which, a sentence for staff, and the numbers it compared. */
export const qualityFailureSchema = z.object({
  check: qualityCheckSchema,
  message: z.string().min(1),
  figures: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type QualityFailure = z.infer<typeof qualityFailureSchema>;

const MS_PER_MINUTE = 60_000;
const toCents = (dollars: number) => Math.round(dollars * 100);
const dollars = (cents: number) => (cents / 100).toFixed(2);
const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours as number) * 60 + (minutes as number);
};

/** The allowed continuity difference, in cents, after a previous balance. */
export function continuityToleranceCents(previousAcctBal: number): number {
  const { absoluteCents, relative } = INPUT_QUALITY.continuity;
  return absoluteCents + Math.round(Math.abs(toCents(previousAcctBal)) * relative);
}

/**
 * AcctBal(D) against AcctBal(P) + NetPnl(D), P the account's previous day with data; undefined when
 * they agree within {@link continuityToleranceCents}.
 */
export function continuityFailure(input: {
  previousDate: string;
  previousAcctBal: number;
  netPnl: number;
  acctBal: number;
}): QualityFailure | undefined {
  const expectedCents = toCents(input.previousAcctBal) + toCents(input.netPnl);
  const differenceCents = toCents(input.acctBal) - expectedCents;
  const toleranceCents = continuityToleranceCents(input.previousAcctBal);
  if (Math.abs(differenceCents) <= toleranceCents) return undefined;
  return {
    check: 'balance-continuity',
    message:
      `AcctBal ${dollars(toCents(input.acctBal))} is not AcctBal ${dollars(toCents(input.previousAcctBal))} ` +
      `of ${input.previousDate} + NetPnl ${dollars(toCents(input.netPnl))} = ${dollars(expectedCents)}: ` +
      `off by ${dollars(differenceCents)} (tolerance ${dollars(toleranceCents)})`,
    figures: {
      previousDate: input.previousDate,
      previousAcctBal: input.previousAcctBal,
      netPnl: input.netPnl,
      expectedAcctBal: expectedCents / 100,
      acctBal: input.acctBal,
      difference: differenceCents / 100,
      tolerance: toleranceCents / 100,
    },
  };
}

/** FillIds that occur more than once in one account-date; undefined when none does. */
export function duplicateFillIdsFailure(fillIds: readonly string[]): QualityFailure | undefined {
  const seen = new Set<string>();
  const duplicated = new Set<string>();
  let extra = 0;
  for (const id of fillIds) {
    if (seen.has(id)) {
      duplicated.add(id);
      extra += 1;
    } else seen.add(id);
  }
  if (extra === 0) return undefined;
  const shown = [...duplicated].sort().slice(0, INPUT_QUALITY.maxIdsShown);
  return {
    check: 'duplicate-fill-ids',
    message: `${duplicated.size} FillId(s) appear more than once (${extra} extra fill row(s)): ${shown.join(', ')}`,
    figures: { duplicatedIds: duplicated.size, extraRows: extra, fills: fillIds.length },
  };
}

/** The trading session of a `YYYYMMDD` date as epoch milliseconds, closing instant excluded. */
export function sessionOf(date: string): { opensAt: number; closesAt: number } {
  const day = epochDayOfDate(date);
  const { timeZone, opensPreviousDayAt, closesAt } = INPUT_QUALITY.session;
  return {
    opensAt: instantOfLocalTime(timeZone, day - 1, minutesOf(opensPreviousDayAt) * MS_PER_MINUTE),
    closesAt: instantOfLocalTime(timeZone, day, minutesOf(closesAt) * MS_PER_MINUTE),
  };
}

/** Fills whose time is outside the date's session (or not a time at all); undefined when none. */
export function fillsOutsideSessionFailure(
  date: string,
  fillTimes: readonly string[],
): QualityFailure | undefined {
  const { opensAt, closesAt } = sessionOf(date);
  const outside = fillTimes.filter((time) => {
    const at = parseInstant(time);
    return !(at >= opensAt && at < closesAt);
  });
  if (outside.length === 0) return undefined;
  const sorted = [...outside].sort();
  const { timeZone, opensPreviousDayAt, closesAt: closing } = INPUT_QUALITY.session;
  return {
    check: 'fills-outside-session',
    message:
      `${outside.length} of ${fillTimes.length} fill(s) outside the session ` +
      `(${opensPreviousDayAt} the day before to ${closing} ${timeZone}), first ${sorted[0]}`,
    figures: {
      outside: outside.length,
      fills: fillTimes.length,
      first: sorted[0] as string,
      sessionOpens: new Date(opensAt).toISOString(),
      sessionCloses: new Date(closesAt).toISOString(),
    },
  };
}

/** What the gate knows of one account-day. */
export interface AccountDayInputs {
  date: string;
  acctBal: number;
  netPnl: number;
  /** The account's previous day with data, when there is one. */
  previous?: { date: string; acctBal: number };
  /** The day's FillIds as the file had them (duplicates kept); absent when unknown (stored days). */
  fillIds?: readonly string[];
  fillTimes: readonly string[];
}

/** Every account-level check that fails for the day; empty when the inputs look sound. */
export function accountDayFailures(inputs: AccountDayInputs): QualityFailure[] {
  const failures = [
    inputs.previous &&
      continuityFailure({
        previousDate: inputs.previous.date,
        previousAcctBal: inputs.previous.acctBal,
        netPnl: inputs.netPnl,
        acctBal: inputs.acctBal,
      }),
    inputs.fillIds && duplicateFillIdsFailure(inputs.fillIds),
    fillsOutsideSessionFailure(inputs.date, inputs.fillTimes),
  ];
  return failures.filter((failure): failure is QualityFailure => failure !== undefined);
}

/**
 * The firm-wide check of a date: suspect accounts (failed an account check) plus missing ones (had
 * data on the previous date, none on this one) over all accounts of the date plus the missing ones.
 */
export function firmShareFailure(input: {
  accounts: number;
  suspect: number;
  missing: number;
}): QualityFailure | undefined {
  const { maxSuspectShare, minAccounts } = INPUT_QUALITY.firmShare;
  const total = input.accounts + input.missing;
  if (total < minAccounts) return undefined;
  const share = (input.suspect + input.missing) / total;
  if (share <= maxSuspectShare) return undefined;
  return {
    check: 'firm-share',
    message:
      `${input.suspect + input.missing} of ${total} accounts are suspect on this date ` +
      `(${input.suspect} failed a check, ${input.missing} missing since the previous date): ` +
      `${(share * 100).toFixed(1)}% is above ${(maxSuspectShare * 100).toFixed(1)}%, so every breach of the date is held`,
    figures: {
      suspect: input.suspect,
      missing: input.missing,
      accounts: total,
      share: Math.round(share * 10_000) / 10_000,
      threshold: maxSuspectShare,
    },
  };
}

/** Accounts with data on the previous date and none on this one. */
export function missingAccounts(
  previous: Iterable<string>,
  present: ReadonlySet<string>,
): string[] {
  return [...previous].filter((accountId) => !present.has(accountId)).sort();
}

export const holdStateSchema = z.enum(['held', 'released', 'voided']);
export type HoldState = z.infer<typeof holdStateSchema>;

/** An account whose status changes are held since `date`; `status` is what judgement decided last. */
export const statusHoldSchema = z.object({
  date: z.string().regex(/^\d{8}$/),
  status: accountStatusSchema,
});
export type StatusHold = z.infer<typeof statusHoldSchema>;

/** A status change is a breach when it fails an account that was not failed. */
export function isBreach(current: AccountStatus, decided: AccountStatus): boolean {
  return decided === 'failed' && current !== 'failed';
}

export interface GateDecision {
  /** The account's status after the day. */
  status: AccountStatus;
  /** The account's open hold after the day, if any. */
  hold: StatusHold | undefined;
  /** True when this day opens a hold (a held-breach record is to be written). */
  opened: boolean;
}

/**
 * What a judged day does to the account's status. An open hold keeps the status and tracks the latest
 * decided status; a breach on suspect inputs opens a hold, unless staff already released this day's
 * hold (then it applies); anything else applies.
 */
export function gateStatus(input: {
  current: AccountStatus;
  hold: StatusHold | undefined;
  date: string;
  decided: AccountStatus;
  failures: readonly QualityFailure[];
  /** The state of a hold already recorded for this account-day. */
  recorded?: HoldState;
}): GateDecision {
  const { current, hold, date, decided } = input;
  if (hold && hold.date <= date) {
    return { status: current, hold: { date: hold.date, status: decided }, opened: false };
  }
  const suspect = input.failures.length > 0 || input.recorded === 'held';
  if (isBreach(current, decided) && suspect && input.recorded !== 'released') {
    return { status: current, hold: { date, status: decided }, opened: true };
  }
  return { status: decided, hold: undefined, opened: false };
}
