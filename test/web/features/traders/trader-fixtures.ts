import type { AccountDetail } from '@shared/summaries/account-detail';
import type { Trader } from '@shared/traders/trader';
import type { TraderAccount } from '@shared/traders/trader-account';
import type { TraderListItem } from '@shared/traders/trader-list';
import { accountDetail } from '../accounts/account-fixtures';

export function traderListItem(overrides: Partial<TraderListItem> = {}): TraderListItem {
  return {
    traderId: 'TR000001',
    firstName: 'Robert',
    lastName: 'Dubois',
    username: 'robert.dubois1',
    email: 'trader@example.com',
    status: 'enabled',
    ...overrides,
  };
}

export function traderRecord(overrides: Partial<Trader> = {}): Trader {
  return {
    ...traderListItem(),
    phoneNumber: '+1-312-555-0175',
    tradingStatus: 'active',
    lastAppUsed: 'R|Trader Pro',
    stripeId: 'cus_123',
    rithmicUserId: 'DL-000001',
    accounts: ['EVAL50-1001', 'EVAL50-1002', 'EVAL50-1003'],
    brokers: [{ name: 'Rithmic', userId: 'DL-000001' }],
    fingerprints: ['fp-1'],
    ipAddresses: ['10.0.0.1', '10.0.0.2'],
    address: {
      street1: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
      country: 'US',
    },
    phone: { mobile: '+1-312-555-0100', work: '+1-312-555-0101' },
    loginInfo: { last: '2026-03-03T09:00:00.000Z', lastIp: '10.0.0.2' },
    fileModifiedDate: '2026-03-03T03:00:00.000Z',
    ...overrides,
  };
}

/** A trader's account as the details answer carries it: the account with its full summary. */
export function traderAccount(overrides: Partial<AccountDetail> = {}): TraderAccount {
  const { summary, balance, ...rest } = accountDetail({ traderId: 'TR000001', ...overrides });
  const account: Record<string, unknown> = { ...rest };
  for (const key of ['programVersion', 'performances', 'rules', 'descriptions']) {
    delete account[key];
  }
  return {
    ...(account as Omit<TraderAccount, 'accountSummary'>),
    summary: balance,
    accountSummary: summary,
  };
}

/** Days of an account's history, oldest to newest. */
export function days(
  accountId: string,
  balances: [string, number][],
): AccountDetail['performances'] {
  return balances.map(([date, balance]) => ({
    Account: accountId,
    date,
    NetPnl: 0,
    AcctBal: balance,
    Trades: 1,
    conformance: { overallStatus: 'compliant', overallScore: 80, violations: 0 },
  }));
}
