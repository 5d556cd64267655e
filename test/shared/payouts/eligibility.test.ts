import {
  committedCents,
  payoutEligibility,
  requestProblems,
  type EligibilityInput,
  type EligibilitySummary,
} from '@shared/payouts/eligibility';
import { PAYOUT_REQUIREMENTS, payoutEligibilitySchema } from '@shared/payouts/payout';
import type { ConformanceRule } from '@shared/rules/conformance';

const summary = (overrides: Partial<EligibilitySummary> = {}): EligibilitySummary => ({
  accountStatus: 'active',
  currentBalance: 104_000,
  startingBalance: 100_000,
  consistencyRuleCompliant: true,
  phaseFailedDate: null,
  lastCalculationDate: '20260312',
  payoutDaysCompleted: 5,
  payoutDaysRequired: 5,
  ...overrides,
});

const fundedPhase = {
  phaseName: '100K Sim Funded',
  phaseManagement: {
    payoutEligible: true,
    payout: { buffer: 500, minAmount: 250, profitSplit: 80 },
  },
};

function input(overrides: Partial<EligibilityInput> = {}): EligibilityInput {
  return {
    accountId: 'SIMF100K-000011',
    summary: summary(),
    phase: fundedPhase,
    payouts: [],
    ...overrides,
  };
}

const unmet = (eligibility: ReturnType<typeof payoutEligibility>) =>
  eligibility.requirements.filter((requirement) => !requirement.met);
const textOf = (eligibility: ReturnType<typeof payoutEligibility>, id: string) =>
  eligibility.requirements.find((requirement) => requirement.id === id)!.text;

describe('payoutEligibility', () => {
  it('is eligible with every requirement met, in the order of PAYOUT_REQUIREMENTS', () => {
    const eligibility = payoutEligibility(input());
    expect(payoutEligibilitySchema.parse(eligibility)).toEqual(eligibility);
    expect(eligibility.requirements.map((requirement) => requirement.id)).toEqual([
      ...PAYOUT_REQUIREMENTS,
    ]);
    expect(unmet(eligibility)).toEqual([]);
    expect(eligibility).toMatchObject({
      accountId: 'SIMF100K-000011',
      eligible: true,
      // 104,000 − (100,000 + 500)
      maxAmount: 3_500,
      minAmount: 250,
      profitSplit: 80,
      latestJudgedDate: '20260312',
    });
  });

  it('computes the amount exactly in cents', () => {
    const eligibility = payoutEligibility(
      input({ summary: summary({ currentBalance: 100_750.3, startingBalance: 100_000.1 }) }),
    );
    // 100,750.30 − 100,000.10 − 500 = 250.20 (floating point would give 250.19999…)
    expect(eligibility.maxAmount).toBe(250.2);
    expect(eligibility.eligible).toBe(true);
  });

  it('caps the amount at the phase maximum', () => {
    const phase = {
      ...fundedPhase,
      phaseManagement: {
        ...fundedPhase.phaseManagement,
        payout: { ...fundedPhase.phaseManagement.payout, maxAmount: 2_000 },
      },
    };
    expect(payoutEligibility(input({ phase })).maxAmount).toBe(2_000);
  });

  it('takes money approved and not yet paid off what is available', () => {
    const eligibility = payoutEligibility(
      input({
        payouts: [
          { status: 'approved', approvedAmount: 1_000 },
          { status: 'rejected' },
          { status: 'cancelled' },
        ],
      }),
    );
    expect(eligibility.maxAmount).toBe(2_500);
  });

  it('takes off a paid payout until a judged day after its date shows it in the balance', () => {
    const paid = (date: string) => ({
      status: 'paid' as const,
      approvedAmount: 1_000,
      payment: { method: 'ach' as const, reference: 'R1', date },
    });
    expect(committedCents([paid('20260313')], '20260312')).toBe(100_000);
    expect(committedCents([paid('20260312')], '20260312')).toBe(100_000);
    expect(committedCents([paid('20260311')], '20260312')).toBe(0);
    expect(payoutEligibility(input({ payouts: [paid('20260313')] })).maxAmount).toBe(2_500);
    expect(payoutEligibility(input({ payouts: [paid('20260301')] })).maxAmount).toBe(3_500);
  });

  it('is eligible at exactly the minimum, not a cent below', () => {
    const exact = payoutEligibility(input({ summary: summary({ currentBalance: 100_750 }) }));
    expect(exact.eligible).toBe(true);
    expect(exact.maxAmount).toBe(250);
    const below = payoutEligibility(input({ summary: summary({ currentBalance: 100_749.99 }) }));
    expect(below.eligible).toBe(false);
    expect(below.maxAmount).toBe(0);
    expect(unmet(below)).toEqual([
      { id: 'minimum', met: false, text: 'Minimum payout is $250.00; $249.99 available' },
    ]);
  });

  it('says how far the balance is from the buffer, and fails it when the balance only touches it', () => {
    const touching = payoutEligibility(input({ summary: summary({ currentBalance: 100_500 }) }));
    expect(touching.eligible).toBe(false);
    expect(textOf(touching, 'buffer')).toBe(
      'Balance must stay $500.00 above the starting balance: $500.00 above now',
    );
    const short = payoutEligibility(input({ summary: summary({ currentBalance: 100_120 }) }));
    expect(unmet(short).map((requirement) => requirement.text)).toEqual([
      'Balance must stay $500.00 above the starting balance: $120.00 above now',
      'Minimum payout is $250.00; $0.00 available',
    ]);
    const below = payoutEligibility(input({ summary: summary({ currentBalance: 99_000 }) }));
    expect(textOf(below, 'buffer')).toBe(
      'Balance must stay $500.00 above the starting balance: $1,000.00 below now',
    );
  });

  it('names the payout days still missing', () => {
    const eligibility = payoutEligibility(
      input({ summary: summary({ payoutDaysCompleted: 3, payoutDaysRequired: 5 }) }),
    );
    expect(unmet(eligibility)).toEqual([
      { id: 'days', met: false, text: '2 more payout days (3 of 5)' },
    ]);
    const one = payoutEligibility(
      input({ summary: summary({ payoutDaysCompleted: 4, payoutDaysRequired: 5 }) }),
    );
    expect(textOf(one, 'days')).toBe('1 more payout day (4 of 5)');
    expect(textOf(payoutEligibility(input()), 'days')).toBe('5 of 5 payout days');
  });

  it("says what the consistency rule needs with the verdict's own sentence", () => {
    const rule: ConformanceRule = {
      ruleId: 'consistency-daily',
      name: 'Consistency',
      category: 'consistency',
      outcome: 'unmet',
      currentValue: 0.46,
      thresholdValue: 0.4,
      details: { period: 'daily', bestPeriod: 460, total: 1000 },
    } as unknown as ConformanceRule;
    const eligibility = payoutEligibility(
      input({
        summary: summary({ consistencyRuleCompliant: false }),
        consistencyRules: [rule],
      }),
    );
    expect(unmet(eligibility)).toHaveLength(1);
    expect(textOf(eligibility, 'consistency')).toMatch(
      /^Best day is 46% of profit, must be under 40%\. \$150\.01 more profit/,
    );
    const bare = payoutEligibility(
      input({ summary: summary({ consistencyRuleCompliant: false }) }),
    );
    expect(textOf(bare, 'consistency')).toBe('Consistency not met on the latest judged day');
  });

  it('refuses while a request is pending, but not for decided ones', () => {
    const pending = payoutEligibility(input({ payouts: [{ status: 'requested' }] }));
    expect(pending.eligible).toBe(false);
    expect(unmet(pending)).toEqual([
      { id: 'open-request', met: false, text: 'A payout request is already pending' },
    ]);
    expect(payoutEligibility(input({ payouts: [{ status: 'rejected' }] })).eligible).toBe(true);
  });

  it('refuses a failed account and names the decisive rule', () => {
    const eligibility = payoutEligibility(
      input({
        summary: summary({
          accountStatus: 'failed',
          phaseFailedDate: '20260310',
          decisiveBreach: { name: 'Max Drawdown' } as EligibilitySummary['decisiveBreach'],
        }),
      }),
    );
    expect(eligibility.eligible).toBe(false);
    expect(eligibility.maxAmount).toBe(0);
    expect(textOf(eligibility, 'standing')).toBe('The account failed on 03/10/2026 (Max Drawdown)');
  });

  it('refuses a phase that does not pay out', () => {
    const eligibility = payoutEligibility(
      input({
        phase: { phaseName: '50K Evaluation', phaseManagement: { payoutEligible: false } },
      }),
    );
    expect(eligibility.eligible).toBe(false);
    expect(textOf(eligibility, 'phase')).toBe('The 50K Evaluation phase does not pay out');
    expect(payoutEligibility(input({ phase: null })).requirements[0]).toEqual({
      id: 'phase',
      met: false,
      text: 'The account has no program phase',
    });
  });

  it('refuses before the first judged day', () => {
    const eligibility = payoutEligibility(input({ summary: undefined }));
    expect(eligibility).toMatchObject({ eligible: false, maxAmount: 0, latestJudgedDate: null });
    expect(textOf(eligibility, 'standing')).toBe('No judged day yet');
    expect(textOf(eligibility, 'days')).toBe('Waiting for the first judged day');
  });

  it('defaults a payout phase without parameters to no buffer, no minimum and a 100% split', () => {
    const eligibility = payoutEligibility(
      input({ phase: { phaseName: 'Funded', phaseManagement: { payoutEligible: true } } }),
    );
    expect(eligibility).toMatchObject({
      eligible: true,
      maxAmount: 4_000,
      minAmount: 0,
      profitSplit: 100,
    });
    const flat = payoutEligibility(
      input({
        summary: summary({ currentBalance: 100_000 }),
        phase: { phaseName: 'Funded', phaseManagement: { payoutEligible: true } },
      }),
    );
    expect(flat.eligible).toBe(false);
    expect(textOf(flat, 'minimum')).toBe('Nothing available to pay out');
  });

  it('needs no payout days where the phase counts none', () => {
    const eligibility = payoutEligibility(
      input({ summary: summary({ payoutDaysCompleted: null, payoutDaysRequired: null }) }),
    );
    expect(textOf(eligibility, 'days')).toBe('No payout days required');
    expect(eligibility.eligible).toBe(true);
  });
});

describe('requestProblems', () => {
  const eligible = payoutEligibility(input());

  it('accepts an amount from the minimum to the most available', () => {
    expect(requestProblems(eligible, 250)).toEqual([]);
    expect(requestProblems(eligible, 3_500)).toEqual([]);
  });

  it('refuses more than available and less than the minimum', () => {
    expect(requestProblems(eligible, 3_500.01)).toEqual([
      'amount must be at most $3,500.00 (available now)',
    ]);
    expect(requestProblems(eligible, 249.99)).toEqual([
      'amount must be at least $250.00 (the minimum payout)',
    ]);
  });

  it('names every unmet requirement of an ineligible account', () => {
    const ineligible = payoutEligibility(
      input({
        summary: summary({ payoutDaysCompleted: 3, currentBalance: 100_120 }),
      }),
    );
    expect(requestProblems(ineligible, 100)).toEqual([
      '2 more payout days (3 of 5)',
      'Balance must stay $500.00 above the starting balance: $120.00 above now',
      'Minimum payout is $250.00; $0.00 available',
    ]);
  });
});
