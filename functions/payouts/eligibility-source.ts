import { payoutEligibility } from '@shared/payouts/eligibility';
import type { PayoutEligibility, PayoutRecord } from '@shared/payouts/payout';
import { currentPhaseOf } from '@shared/programs/current-phase';
import type { Phase } from '@shared/programs/program';
import type { StoredAccount } from '../lib/repositories/account-repository';
import { payoutRepository } from '../lib/repositories/payout-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { programRepository } from '../lib/repositories/program-repository';

/** The program phase an account trades now, by the version it is attached to. */
export async function phaseOfAccount(account: StoredAccount): Promise<Phase | undefined> {
  const program = account.program;
  if (!program) return undefined;
  const version = await programRepository.getVersion(program.prefix, program.version);
  return version ? currentPhaseOf(version, program) : undefined;
}

export interface AccountPayoutState {
  eligibility: PayoutEligibility;
  /** Newest request first. */
  payouts: PayoutRecord[];
  phase: Phase | undefined;
}

/**
 * An account's payouts and its eligibility from the latest judged day: the stored summary, the
 * phase's payout parameters, and the consistency rules of that day's conformance (for their
 * sentence). What the screens show and what a request is checked against on the server.
 */
export async function accountPayoutState(account: StoredAccount): Promise<AccountPayoutState> {
  const summary = account.accountSummary;
  const latest = summary?.lastCalculationDate ?? null;
  const [payouts, phase, day] = await Promise.all([
    payoutRepository.listByAccount(account.accountId),
    phaseOfAccount(account),
    summary && !summary.consistencyRuleCompliant && latest
      ? performanceRepository.getStoredDay(account.accountId, latest)
      : undefined,
  ]);
  const eligibility = payoutEligibility({
    accountId: account.accountId,
    summary,
    phase,
    payouts,
    consistencyRules: day?.conformance?.rules.filter((rule) => rule.category === 'consistency'),
  });
  return { eligibility, payouts, phase };
}
