import {
  assertIsTraderOrStaff,
  callerMatchesTrader,
  OTHER_TRADER_MESSAGE,
} from '../../../functions/lib/account-access';
import type { Caller } from '../../../functions/lib/auth-context';
import {
  publicTrader,
  traderRepository,
  traderSearchTextOf,
} from '../../../functions/lib/repositories/trader-repository';
import { traderSchema } from '../../../shared/traders/trader';

const trader = (email: string | undefined): Caller => ({
  userId: 'trader-sub',
  email,
  groups: ['trader'],
  role: 'trader',
});
const staff: Caller = {
  userId: 'staff-sub',
  email: 'jane@example.com',
  groups: ['admin'],
  role: 'admin',
};
const record = traderSchema.parse({
  traderId: 'TR000001',
  firstName: 'Jane',
  lastName: 'Doe',
  username: 'JDoe',
  email: 'Jane@Example.com',
  amember: { city: 'Chicago', rithmic_passwd: 'secret-pass' },
});

describe('trader ownership', () => {
  it('matches the verified email to the trader record in any case, never staff', () => {
    expect(callerMatchesTrader(trader(' JANE@example.com '), record)).toBe(true);
    expect(callerMatchesTrader(trader('john@example.com'), record)).toBe(false);
    expect(callerMatchesTrader(trader(undefined), record)).toBe(false);
    expect(callerMatchesTrader(trader('jane@example.com'), undefined)).toBe(false);
    expect(callerMatchesTrader(staff, record)).toBe(false);
  });

  it('lets staff and the trader themself through and answers anyone else 403', () => {
    expect(() => assertIsTraderOrStaff(staff, record)).not.toThrow();
    expect(() => assertIsTraderOrStaff(trader('jane@example.com'), record)).not.toThrow();
    for (const caller of [trader('john@example.com'), trader(undefined), undefined]) {
      expect(() => assertIsTraderOrStaff(caller, record)).toThrow(
        expect.objectContaining({ statusCode: 403, message: OTHER_TRADER_MESSAGE }),
      );
    }
  });
});

describe('trader records', () => {
  it('keeps the membership password for staff only', () => {
    expect(publicTrader(record, staff).amember).toEqual({
      city: 'Chicago',
      rithmic_passwd: 'secret-pass',
    });
    expect(publicTrader(record, trader('jane@example.com')).amember).toEqual({ city: 'Chicago' });
    expect(
      publicTrader({ ...record, amember: undefined }, trader('x@example.com')).amember,
    ).toBeUndefined();
  });

  it('stores a lower-cased search text of id, names, email and username that the schema never answers', () => {
    const item = traderRepository.itemOf(record);

    expect(item.searchText).toBe(traderSearchTextOf(record));
    for (const part of ['tr000001', 'jane doe', 'jane@example.com', 'jdoe']) {
      expect(String(item.searchText)).toContain(part);
    }
    expect(traderSchema.parse(item)).not.toHaveProperty('searchText');
  });
});
