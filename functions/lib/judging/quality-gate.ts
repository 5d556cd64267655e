import type { DailyPerformanceRow } from '@shared/broker-files/rows';
import type { AccountSummaryRecord } from '@shared/summaries/account-summary-record';
import type { EngineState } from '@shared/rules/engine-state';
import {
  accountDayFailures,
  firmShareFailure,
  gateStatus,
  type HoldState,
  type QualityFailure,
} from '@shared/rules/input-quality';
import type { HeldBreach } from '@shared/sync/held-breaches';
import type { Item } from '../db/table';
import type { StoredAccount } from '../repositories/account-items';
import * as performanceItems from '../repositories/performance-items';
import { qualityRepository } from '../repositories/quality-repository';

/*
 * The input-quality gate in the sync and in re-judging (docs/rules-engine.md "Input quality"): the pure
 * checks of shared/rules/input-quality.ts fed with what the pipeline knows of a date, and the status
 * decision with the held-breach item it may open.
 */

type Prior = { state: EngineState; judgedBy: string | null } | undefined;

/** The balance and date of the day a prior state was judged after, when it had data. */
function previousOf(prior: Prior): { date: string; acctBal: number } | undefined {
  const lastDate = prior?.state.lastDate;
  return lastDate ? { date: lastDate, acctBal: prior.state.balanceCents / 100 } : undefined;
}

/** What a judged day does to the account: its fields to set, and a held-breach item to write. */
export interface GatedDay {
  fields: Pick<StoredAccount, 'accountSummary' | 'status' | 'statusHold'>;
  hold?: Item;
  /** The hold the item stores (what the `breach.held` event tells). */
  held?: HeldBreach;
}

/**
 * The account's status fields after a judged day, through the gate: a breach on suspect inputs keeps
 * the status and opens a hold (written unless one is already recorded for the day).
 */
export function gateDay(
  account: StoredAccount,
  date: string,
  summary: AccountSummaryRecord,
  failures: readonly QualityFailure[],
  recorded: HoldState | undefined,
  heldAt: string,
): GatedDay {
  const decision = gateStatus({
    current: account.status,
    hold: account.statusHold,
    date,
    decided: summary.accountStatus,
    failures,
    recorded,
  });
  const fields: GatedDay['fields'] = {
    accountSummary: { ...summary, accountStatus: decision.status },
    status: decision.status,
    statusHold: decision.hold,
  };
  if (!decision.opened || recorded !== undefined) return { fields };
  const hold: HeldBreach = {
    accountId: account.accountId,
    date,
    traderId: account.traderId,
    failures: [...failures],
    decidedStatus: summary.accountStatus,
    previousStatus: account.status,
    state: 'held',
    heldAt,
  };
  return { fields, hold: qualityRepository.holdItemOf(hold), held: hold };
}

/** The account without `statusHold` when the decision has none, so an unchanged item stays equal. */
export function withGatedFields(account: StoredAccount, gated: GatedDay): StoredAccount {
  const { statusHold: _hold, ...rest } = account;
  const { statusHold, ...fields } = gated.fields;
  return { ...rest, ...fields, ...(statusHold && { statusHold }) };
}

/** What the gate knows of one date of a sync run. */
export interface DateQuality {
  voided(accountId: string): boolean;
  /** The account's failed checks on the date, with the firm-wide one when the date is suspect. */
  failures(accountId: string): QualityFailure[];
  recorded(accountId: string): HoldState | undefined;
}

/**
 * The gate of one sync shard: it sees the FillIds as the files had them (the stored fills are keyed
 * by FillId, so a duplicate leaves no trace there) and which accounts had data on the run's dates.
 */
export class QualityGate {
  private fillIds = new Map<string, string[]>();
  /** The last date with data of each account seen by this run, and the run's last judged date. */
  private readonly lastSeen = new Map<string, string>();
  private lastRunDate: string | undefined;

  /** `owns`: whether an account's rows are this shard's (every shard knows every account). */
  constructor(private readonly owns: (accountId: string) => boolean = () => true) {}

  noteFill(accountId: string, fillId: string): void {
    const ids = this.fillIds.get(accountId);
    if (ids) ids.push(fillId);
    else this.fillIds.set(accountId, [fillId]);
  }

  /**
   * Checks every account of `date`. An account's previous day is its prior state's (the state the
   * day is judged from); the missing check compares with the accounts whose last data is the previous
   * trading date.
   */
  async forDate(
    date: string,
    performance: ReadonlyMap<string, { row: DailyPerformanceRow }>,
    fills: ReadonlyMap<string, readonly { FillTime: string }[]>,
    accounts: ReadonlyMap<string, StoredAccount>,
    priorOf: (accountId: string) => Prior,
    /**
     * A sync shard holds the accounts of the date only: it reads into `accounts` those with data on
     * the previous date before they are counted (absent: `accounts` holds every account).
     */
    loadPrevious?: (previousDate: string) => Promise<void>,
  ): Promise<DateQuality> {
    const [voids, holds, neighbours] = await Promise.all([
      qualityRepository.listVoidsOfDate(date),
      qualityRepository.listHoldsOfDate(date),
      performanceItems.neighbourDates(date),
    ]);
    const voided = new Set(voids.map((entry) => entry.accountId));
    const recorded = new Map(holds.map((hold) => [hold.accountId, hold.state]));
    const present = new Set<string>();
    const byAccount = new Map<string, QualityFailure[]>();
    for (const [accountId, { row }] of performance) {
      if (voided.has(accountId) || !accounts.has(accountId)) continue;
      present.add(accountId);
      const failures = accountDayFailures({
        date,
        acctBal: row.AcctBal,
        netPnl: row.NetPnl,
        previous: previousOf(priorOf(accountId)),
        fillIds: this.fillIds.get(accountId) ?? [],
        fillTimes: (fills.get(accountId) ?? []).map((fill) => fill.FillTime),
      });
      if (failures.length > 0) byAccount.set(accountId, failures);
    }
    const previousDate = [neighbours.previousDate, this.lastRunDate]
      .filter((entry): entry is string => entry !== null && entry !== undefined && entry < date)
      .sort()
      .at(-1);
    let missing = 0;
    if (previousDate) {
      await loadPrevious?.(previousDate);
      const counted = new Set<string>();
      const isMissing = (accountId: string, last: string | undefined) =>
        this.owns(accountId) &&
        last === previousDate &&
        !present.has(accountId) &&
        !voided.has(accountId);
      for (const account of accounts.values()) {
        counted.add(account.accountId);
        const last = this.lastSeen.get(account.accountId) ?? account.engineStateDate;
        if (isMissing(account.accountId, last)) missing += 1;
      }
      // Accounts seen on an earlier date of the run that `accounts` no longer holds.
      for (const [accountId, last] of this.lastSeen) {
        if (!counted.has(accountId) && isMissing(accountId, last)) missing += 1;
      }
    }
    const firm = firmShareFailure({ accounts: present.size, suspect: byAccount.size, missing });
    for (const accountId of present) this.lastSeen.set(accountId, date);
    if (!this.lastRunDate || date > this.lastRunDate) this.lastRunDate = date;
    this.fillIds = new Map();
    return {
      voided: (accountId) => voided.has(accountId),
      failures: (accountId) => [...(byAccount.get(accountId) ?? []), ...(firm ? [firm] : [])],
      recorded: (accountId) => recorded.get(accountId),
    };
  }
}

/** The checks of a stored day when re-judging (no FillIds: the stored fills are unique by key). */
export function storedDayFailures(
  day: { Date: string; AcctBal: number; NetPnl: number },
  fillTimes: readonly string[],
  prior: Prior,
): QualityFailure[] {
  return accountDayFailures({
    date: day.Date,
    acctBal: day.AcctBal,
    netPnl: day.NetPnl,
    previous: previousOf(prior),
    fillTimes,
  });
}

/** How many breaches of the dates are held now: the run summary's `heldBreaches`. */
export async function heldBreachesOf(dates: readonly string[]): Promise<number> {
  const lists = await Promise.all(dates.map((date) => qualityRepository.listHoldsOfDate(date)));
  return lists.flat().filter((hold) => hold.state === 'held').length;
}
