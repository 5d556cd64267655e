import type {
  AccountPayouts,
  PayoutEligibility,
  PayoutRecord,
  TraderPayouts,
} from '@shared/payouts/payout';

export const TRADER_ID = 'TR000001';

export function payout(overrides: Partial<PayoutRecord> = {}): PayoutRecord {
  return {
    payoutId: 'PO-1',
    accountId: 'FUND50K-0001',
    traderId: TRADER_ID,
    status: 'requested',
    requestedAmount: 1_000,
    judgedDate: '20261125',
    requestedAt: '2026-11-25T15:00:00.000Z',
    updatedAt: '2026-11-25T15:00:00.000Z',
    history: [
      {
        status: 'requested',
        at: '2026-11-25T15:00:00.000Z',
        by: TRADER_ID,
        byRole: 'trader',
        amount: 1_000,
        note: 'First payout',
      },
    ],
    version: 1,
    ...overrides,
  };
}

export function eligibleFor(maxAmount: number, accountId = 'FUND50K-0001'): PayoutEligibility {
  return {
    accountId,
    eligible: true,
    maxAmount,
    profitSplit: 90,
    latestJudgedDate: '20261125',
    requirements: [
      { id: 'phase', met: true, text: 'The account is in a payout-eligible phase' },
      { id: 'days', met: true, text: '5 payout days (5 of 5)' },
      { id: 'buffer', met: true, text: 'The balance is above the $2,000.00 buffer' },
    ],
  };
}

export function notEligible(accountId = 'FUND50K-0002'): PayoutEligibility {
  return {
    accountId,
    eligible: false,
    maxAmount: 0,
    profitSplit: 80,
    latestJudgedDate: '20261125',
    requirements: [
      { id: 'phase', met: true, text: 'The account is in a payout-eligible phase' },
      { id: 'days', met: false, text: '2 more payout days (3 of 5)' },
      { id: 'consistency', met: false, text: 'Best day is 45% of the profit (at most 30%)' },
    ],
  };
}

export function accountPayouts(
  eligibility: PayoutEligibility,
  payouts: PayoutRecord[] = [],
): AccountPayouts {
  return { eligibility, payouts };
}

export function traderPayouts(...accounts: AccountPayouts[]): TraderPayouts {
  return {
    traderId: TRADER_ID,
    accounts: accounts.map((account) => ({
      accountId: account.eligibility.accountId,
      name: '',
      phaseName: 'Sim Funded',
      ...account,
    })),
  };
}
