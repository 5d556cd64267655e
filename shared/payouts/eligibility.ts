import { displayDate } from '../common/display-date';
import { centsToDollars, dollarsToCents } from '../money/decimal';
import { formatUsdCents } from '../money/format';
import type { PayoutParameters } from '../programs/program';
import type { AccountSummary } from '../rules/account-summary';
import type { ConformanceRule } from '../rules/conformance';
import { explainVerdict } from '../rules/explain';
import { emptyViolationLog } from '../rules/violation-log';
import {
  PAYOUT_REQUIREMENTS,
  type PayoutEligibility,
  type PayoutRecord,
  type PayoutRequirement,
} from './payout';

/**
 * What an account may ask to be paid, from its latest judged day (pure: the API and its tests call
 * it, the screens only read its answer). Every sentence is built here so the trader's page, the
 * staff queue and the server's refusal of a request read alike.
 */

/** The judged figures eligibility reads: the account summary of the latest judged day. */
export type EligibilitySummary = Pick<
  AccountSummary,
  | 'accountStatus'
  | 'currentBalance'
  | 'startingBalance'
  | 'consistencyRuleCompliant'
  | 'phaseFailedDate'
  | 'lastCalculationDate'
  | 'payoutDaysCompleted'
  | 'payoutDaysRequired'
> &
  Partial<Pick<AccountSummary, 'decisiveBreach' | 'payoutEligible'>>;

/** The phase the account trades: whether it pays out, and its payout parameters. */
export interface EligibilityPhase {
  phaseName: string;
  phaseManagement: { payoutEligible: boolean; payout?: PayoutParameters | undefined };
}

/** What eligibility reads of the account's payouts. */
export type EligibilityPayout = Pick<PayoutRecord, 'status' | 'approvedAmount' | 'payment'>;

export interface EligibilityInput {
  accountId: string;
  /** The stored account summary; absent before the first judged day. */
  summary: EligibilitySummary | null | undefined;
  /** The account's current program phase; absent without a program. */
  phase: EligibilityPhase | null | undefined;
  /** The account's payouts, any status. */
  payouts: readonly EligibilityPayout[];
  /**
   * The consistency rules of the latest judged day's conformance, for the sentence that says how far
   * the best day is from the limit (the verdict's own text). Without them a shorter sentence.
   */
  consistencyRules?: readonly ConformanceRule[];
}

const usd = formatUsdCents;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A payout request that is still waiting for staff: only one at a time per account. */
export const OPEN_PAYOUT_STATUSES = ['requested'] as const;

/**
 * Money that left, or is about to leave, the account but that the latest judged balance may still
 * hold: approved payouts not yet paid, and paid ones dated on or after the latest judged day (the
 * broker's balance shows a withdrawal from the day after at the earliest; counting the day itself
 * errs on the side of never paying the same profit twice).
 */
export function committedCents(
  payouts: readonly EligibilityPayout[],
  latestJudgedDate: string | null,
): number {
  let cents = 0;
  for (const payout of payouts) {
    const amount = dollarsToCents(payout.approvedAmount ?? 0);
    if (payout.status === 'approved') cents += amount;
    else if (
      payout.status === 'paid' &&
      payout.payment &&
      (latestJudgedDate === null || payout.payment.date >= latestJudgedDate)
    ) {
      cents += amount;
    }
  }
  return cents;
}

/** The verdict's sentence for the consistency rules (without the rule's name), when it has one. */
function consistencySentence(
  rules: readonly ConformanceRule[] | undefined,
  date: string,
  met: boolean,
): string | null {
  const wanted = (rules ?? []).filter(
    (rule) => rule.category === 'consistency' && (rule.outcome === 'met') === met,
  );
  if (wanted.length === 0) return null;
  const explained = explainVerdict({
    state: {
      failedDate: null,
      passedDate: null,
      violationLog: emptyViolationLog(),
      lastTradingDate: null,
      daysEvaluated: 0,
      startingBalanceCents: 0,
    },
    latest: { evaluationDate: date, rules: wanted, drawdown: null },
  });
  const sentences = explained.rules.map((rule) => {
    const text = rule.sentence.slice(rule.name.length + 2);
    return capitalized(met ? text.replace(/^met\. /, '') : text);
  });
  return sentences.join(' ');
}

interface Figures {
  summary: EligibilitySummary;
  params: Required<Pick<PayoutParameters, 'buffer' | 'minAmount'>> & PayoutParameters;
  aboveStartCents: number;
  availableCents: number;
}

function requirementOf(
  id: PayoutRequirement['id'],
  input: EligibilityInput,
  figures: Figures | null,
): PayoutRequirement {
  const { phase, summary, payouts } = input;
  const requirement = (met: boolean, text: string): PayoutRequirement => ({ id, met, text });
  if (id === 'phase') {
    if (!phase) return requirement(false, 'The account has no program phase');
    return phase.phaseManagement.payoutEligible
      ? requirement(true, `The ${phase.phaseName} phase pays out`)
      : requirement(false, `The ${phase.phaseName} phase does not pay out`);
  }
  if (id === 'open-request') {
    const open = payouts.some((payout) =>
      (OPEN_PAYOUT_STATUSES as readonly string[]).includes(payout.status),
    );
    return open
      ? requirement(false, 'A payout request is already pending')
      : requirement(true, 'No payout request pending');
  }
  if (!summary || !figures) {
    return id === 'standing'
      ? requirement(false, 'No judged day yet')
      : requirement(false, 'Waiting for the first judged day');
  }
  switch (id) {
    case 'standing': {
      if (summary.accountStatus === 'failed') {
        const rule = summary.decisiveBreach?.name;
        return requirement(
          false,
          `The account failed on ${displayDate(summary.phaseFailedDate)}${rule ? ` (${rule})` : ''}`,
        );
      }
      return requirement(
        true,
        `In good standing on ${displayDate(summary.lastCalculationDate)}, the latest judged day`,
      );
    }
    case 'days': {
      const required = summary.payoutDaysRequired ?? null;
      if (required === null) return requirement(true, 'No payout days required');
      const done = summary.payoutDaysCompleted ?? 0;
      return done >= required
        ? requirement(true, `${done} of ${required} payout days`)
        : requirement(
            false,
            `${plural(required - done, 'more payout day')} (${done} of ${required})`,
          );
    }
    case 'consistency': {
      const met = summary.consistencyRuleCompliant;
      const date = summary.lastCalculationDate ?? '';
      const sentence = consistencySentence(input.consistencyRules, date, met);
      return requirement(
        met,
        sentence ?? (met ? 'Consistency met' : 'Consistency not met on the latest judged day'),
      );
    }
    case 'buffer': {
      const { buffer } = figures.params;
      const bufferCents = dollarsToCents(buffer);
      const above = figures.aboveStartCents;
      const now = above >= 0 ? `${usd(above)} above now` : `${usd(-above)} below now`;
      return above > bufferCents
        ? requirement(
            true,
            `Balance is ${usd(above)} above the starting balance, more than the ${usd(bufferCents)} buffer`,
          )
        : requirement(
            false,
            `Balance must stay ${usd(bufferCents)} above the starting balance: ${now}`,
          );
    }
    case 'minimum': {
      const minCents = dollarsToCents(figures.params.minAmount);
      const available = Math.max(0, figures.availableCents);
      const met = available > 0 && available >= minCents;
      if (minCents === 0) {
        return met
          ? requirement(true, `${usd(available)} available`)
          : requirement(false, 'Nothing available to pay out');
      }
      return met
        ? requirement(true, `${usd(available)} available; the minimum payout is ${usd(minCents)}`)
        : requirement(false, `Minimum payout is ${usd(minCents)}; ${usd(available)} available`);
    }
  }
}

/**
 * The account's payout eligibility: each requirement of `PAYOUT_REQUIREMENTS` in order, met or not
 * with its sentence, and the most it may request now. The amount is the balance above the starting
 * balance plus the buffer, less what approved (or just paid) payouts already took, capped at the
 * phase's largest payout; 0 unless every requirement is met. Exact in cents.
 */
export function payoutEligibility(input: EligibilityInput): PayoutEligibility {
  const { summary, phase } = input;
  const params = {
    buffer: 0,
    minAmount: 0,
    profitSplit: 100,
    ...phase?.phaseManagement.payout,
  };
  const latestJudgedDate = summary?.lastCalculationDate ?? null;
  let figures: Figures | null = null;
  if (summary) {
    const aboveStartCents =
      dollarsToCents(summary.currentBalance) - dollarsToCents(summary.startingBalance);
    const free =
      aboveStartCents -
      dollarsToCents(params.buffer) -
      committedCents(input.payouts, latestJudgedDate);
    const cap =
      params.maxAmount === undefined ? Number.POSITIVE_INFINITY : dollarsToCents(params.maxAmount);
    figures = { summary, params, aboveStartCents, availableCents: Math.min(free, cap) };
  }
  const requirements = PAYOUT_REQUIREMENTS.map((id) => requirementOf(id, input, figures));
  const eligible = requirements.every((requirement) => requirement.met);
  return {
    accountId: input.accountId,
    eligible,
    maxAmount: eligible && figures ? centsToDollars(figures.availableCents) : 0,
    minAmount: params.minAmount,
    profitSplit: params.profitSplit,
    latestJudgedDate,
    requirements,
  };
}

/**
 * Why a request of `amount` dollars cannot be made now (empty when it can): the requirements not
 * met, else the amount outside the minimum and the most available.
 */
export function requestProblems(eligibility: PayoutEligibility, amount: number): string[] {
  if (!eligibility.eligible) {
    return eligibility.requirements
      .filter((requirement) => !requirement.met)
      .map((requirement) => requirement.text);
  }
  const cents = dollarsToCents(amount);
  const maxCents = dollarsToCents(eligibility.maxAmount);
  const minCents = dollarsToCents(eligibility.minAmount ?? 0);
  if (cents > maxCents) return [`amount must be at most ${usd(maxCents)} (available now)`];
  if (cents < minCents) return [`amount must be at least ${usd(minCents)} (the minimum payout)`];
  return [];
}
