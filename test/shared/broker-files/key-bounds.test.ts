import { parseBrokerRow } from '@shared/broker-files/registry';
import { idSchema } from '@shared/common/fields';

/* Every key-forming cell of every kind is bounded (contracts/broker-files.md). */

const fill = {
  Account: 'APEX-1',
  Date: '20260302',
  Symbol: 'ESH6',
  Side: 'B',
  FillPrice: '5000.25',
  FillSize: '1',
  FillId: 'F-1',
  FillTime: '2026-03-02T09:31:00-06:00',
};

describe('key-forming cells of broker rows', () => {
  it.each([
    [
      'traders',
      { traderId: 'T'.repeat(129), email: 'a@b.c' },
      'traderId must be at most 128 characters',
    ],
    ['traders', { traderId: 'TR 1', email: 'a@b.c' }, 'traderId may hold only'],
    ['accounts', { accountId: 'A/1', traderId: 'TR1' }, 'accountId may hold only'],
    ['accounts', { accountId: 'A1', traderId: 'TR\\1' }, 'traderId may hold only'],
    ['relationships', { userId: 'u?1', accountId: 'A1' }, 'userId may hold only'],
    ['daily-fills', { ...fill, FillId: 'F'.repeat(1_100) }, 'FillId must be at most 128'],
    ['daily-fills', { ...fill, Account: 'A%2F1' }, 'Account may hold only'],
    ['daily-fills', { ...fill, OrderId: 'O#1' }, 'OrderId may hold only'],
    [
      'daily-trades',
      { Account: 'A1', Date: '20260302', Symbol: 'ES', FillId: 'a\u0000b' },
      'FillId may hold only',
    ],
    [
      'daily-symbols',
      { Account: 'A1', Date: '20260302', Symbol: 'S'.repeat(65) },
      'Symbol must be at most 64',
    ],
    [
      'daily-symbols',
      { Account: 'A1', Date: '20260302', Symbol: 'ES#H6' },
      'Symbol must not contain #',
    ],
    [
      'audit-trail',
      {
        serverProcessDate: '20260302',
        serverTimestamp: '2026-03-02T09:31:00-06:00',
        accountNumber: 'A1',
        action: 'NEW',
        serverTransactionNumber: 'x'.repeat(200),
      },
      'serverTransactionNumber must be at most 128',
    ],
  ] as const)('a %s row with a bad key is rejected', (kind, cells, reason) => {
    const result = parseBrokerRow(kind, cells);
    expect(result.success).toBe(false);
    expect(!result.success && result.reason).toContain(reason);
  });

  it('keeps ids the API can take in a path: an e-mail, dots, colons, pluses', () => {
    for (const id of ['jane.doe+1@example.com', 'PA-APEX:123_4', 'X'.repeat(128)]) {
      expect(parseBrokerRow('accounts', { accountId: id, traderId: id }).success).toBe(true);
      expect(idSchema('accountId').safeParse(id).success).toBe(true);
    }
    expect(parseBrokerRow('daily-fills', { ...fill, Symbol: '6E/ES spread' }).success).toBe(true);
  });
});
