import type { AttentionAccount } from '@shared/dashboard/dashboard';
import type {
  DashboardRow,
  FailedAccount,
  NeedsAttentionAccount,
} from '@shared/dashboard/dashboard-api';
import type { TodayRoom } from '@shared/dashboard/today';
import { roomToBreachOf, tightestRoom } from '@shared/rules/limit-distance';
import { attentionDataOf, dashboardRowOf, decisiveBreachOf } from './dashboard-rows';
import type { StoredAccount } from '../repositories/account-items';
import type { DashboardSource } from '../repositories/account-repository';
import { programContribution } from './program-counts';
import { countSubject, type Contribution, type Counts, type IndexEntry } from './store';

/*
 * What an account contributes to the kept aggregates: the dashboard's counts, its tabs' rows (All
 * accounts, Top Performers), the attention lists (rule violations, needs attention, every failed
 * account with its decisive breach), and the home glance's per-day failures and passes and its
 * closest-to-breach list, and the program version it trades (program-counts.ts: the program and rule
 * screens' counts). One function of the stored account, so the counters, a re-count and the screens
 * read the same thing.
 */

/** The counter scope of the dashboard's counts. */
export const DASHBOARD_SCOPE = 'dashboard';
/** The counter scope of one trading date (failed and passed that day). */
export const dayScope = (date: string) => `day#${date}`;

/** The index lists of the dashboard, the attention list and the home glance. */
export const LISTS = {
  accounts: 'dashboard#accounts',
  top: 'dashboard#top',
  violations: 'attention#violations',
  failures: 'attention#failures',
  needsAttention: 'attention#needs',
  failedOn: (date: string) => `today#failed#${date}`,
  passedOn: (date: string) => `today#passed#${date}`,
  closestToBreach: 'today#room',
} as const;

const ACCOUNT_KIND = 'account';
const DATE_MAX = 99_999_999;

/** A date that sorts newest first. */
const newestFirstKey = (date: string) => String(DATE_MAX - Number(date)).padStart(8, '0');
/** A non-negative number below 1e9 that sorts ascending (6 decimals kept). */
const ascending = (value: number) =>
  Math.round(Math.max(0, value) * 1e6)
    .toString()
    .padStart(16, '0');
/** A signed number (|x| < 1e9) that sorts ascending. */
const signedAscending = (value: number) =>
  Math.round((value + 1e9) * 100)
    .toString()
    .padStart(14, '0');
/** A signed number (|x| < 1e9) that sorts descending. */
const signedDescending = (value: number) => signedAscending(-value);

/** Top Performers: judged accounts still trading or passed that made progress or profit. */
function isTopPerformer(row: DashboardRow): boolean {
  return (
    row.judged &&
    row.accountStatus !== 'failed' &&
    (row.profitTargetProgress > 0 || row.totalProfit > 0)
  );
}

/** The account as the dashboard reads it. */
function sourceOf(account: StoredAccount): DashboardSource {
  return {
    accountId: account.accountId,
    traderId: account.traderId,
    name: account.name,
    ...(account.email !== undefined && { email: account.email }),
    ...(account.accountSummary && { accountSummary: account.accountSummary }),
    phase: account.phase,
    rithmicStatus: account.rithmicStatus,
  };
}

/** What one stored account contributes to the counters and index lists. */
export function accountContribution(account: StoredAccount): Contribution {
  const source = sourceOf(account);
  const row = dashboardRowOf(source);
  const attention = attentionDataOf([source], [row]);
  const violations: AttentionAccount | undefined = attention.ruleViolations[0];
  const needs: NeedsAttentionAccount | undefined = attention.needsAttention[0];
  const failure: FailedAccount | undefined = attention.failures[0];
  const id = account.accountId;

  const dashboard: Counts = {
    total: 1,
    [`broker:${row.rithmicStatus}`]: 1,
    [`phase:${row.phase}`]: 1,
    [`status:${row.accountStatus}`]: 1,
  };
  if (!row.judged) dashboard.notJudged = 1;
  // All Accounts' overview: the signed sum of balances, in cents (an account never synced counts at
  // its phase's starting balance, as its list row shows it).
  const balance = account.summary?.balance ?? account.program?.currentPhaseData.startingBalance;
  if (balance !== undefined) dashboard.balanceCents = Math.round(balance * 100);
  if (!account.summary && balance !== undefined) dashboard.startingBalances = 1;
  if (row.closeToPassing) dashboard.closeToPassing = 1;
  if (violations) {
    dashboard.violationAccounts = 1;
    dashboard.violations = violations.activeViolations.length;
  }
  if (failure) dashboard.failures = 1;
  if (needs) dashboard.needsAttention = 1;
  const counters: Record<string, Counts> = { [DASHBOARD_SCOPE]: dashboard };

  const index: IndexEntry[] = [{ list: LISTS.accounts, sk: id, row }];
  if (isTopPerformer(row)) {
    index.push({
      list: LISTS.top,
      sk: `${signedDescending(row.profitTargetProgress)}#${signedDescending(row.totalProfit)}#${id}`,
      row,
    });
  }
  if (violations) {
    const newest = violations.activeViolations[0]!.date;
    index.push({ list: LISTS.violations, sk: `${newestFirstKey(newest)}#${id}`, row: violations });
  }
  if (failure) {
    index.push({
      list: LISTS.failures,
      sk: `${newestFirstKey(failure.failedDate)}#${id}`,
      row: failure,
    });
  }
  if (needs) index.push({ list: LISTS.needsAttention, sk: id, row: needs });

  const ref = { accountId: id, traderId: account.traderId, name: account.name };
  const summary = account.accountSummary;
  if (summary?.phaseFailedDate) {
    const date = summary.phaseFailedDate;
    (counters[dayScope(date)] ??= {}).failed = 1;
    index.push({
      list: LISTS.failedOn(date),
      sk: id,
      row: { ...ref, decisiveBreach: decisiveBreachOf(source) },
    });
  }
  if (summary?.phasePassedDate) {
    const date = summary.phasePassedDate;
    (counters[dayScope(date)] ??= {}).passed = 1;
    index.push({ list: LISTS.passedOn(date), sk: id, row: ref });
  }
  // Accounts still trading that the broker still trades, by the accounts list's room to breach.
  const tightest = tightestRoom(roomToBreachOf(summary));
  if (tightest && account.rithmicStatus === 'Active') {
    const room: TodayRoom = {
      ...ref,
      phase: account.phase,
      limit: tightest.limit,
      room: tightest.room,
      roomShare: tightest.share,
    };
    index.push({
      list: LISTS.closestToBreach,
      sk: `${ascending(tightest.share)}#${signedAscending(tightest.room)}#${id}`,
      row: room,
    });
  }
  const program = programContribution(id, account.program);
  Object.assign(counters, program.counters);
  index.push(...program.index);
  return { counters, index };
}

/**
 * Counts a stored account (after it was stored, or as it is about to be): idempotent, so the sync's
 * retry, a re-run of the same night or a re-judge to the same figures writes nothing.
 */
export function countAccount(account: StoredAccount): Promise<boolean> {
  return countSubject(ACCOUNT_KIND, account.accountId, accountContribution(account));
}

/** An account removed from the table stops counting. */
export function uncountAccount(accountId: string): Promise<boolean> {
  return countSubject(ACCOUNT_KIND, accountId, undefined);
}

/** Sums contributions as the counters would hold them (a full re-count). */
export function sumContributions(contributions: readonly Contribution[]): Record<string, Counts> {
  const sums: Record<string, Counts> = {};
  for (const contribution of contributions)
    for (const [scope, counts] of Object.entries(contribution.counters))
      for (const [field, value] of Object.entries(counts)) {
        const scoped = (sums[scope] ??= {});
        scoped[field] = (scoped[field] ?? 0) + value;
      }
  return sums;
}
