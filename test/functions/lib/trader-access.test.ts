import {
  assertIsTraderOrStaff,
  callerMatchesTrader,
  OTHER_TRADER_MESSAGE,
} from '../../../functions/lib/account-access';
import { staffCaller as staff, traderCaller as trader } from '../../support/callers';
import {
  publicTrader,
  traderRepository,
} from '../../../functions/lib/repositories/trader-repository';
import { traderSearchTextOf } from '../../../functions/lib/repositories/trader-items';
import { traderSchema } from '@shared/traders/trader';

const record = traderSchema.parse({
  traderId: 'TR000001',
  firstName: 'Jane',
  lastName: 'Doe',
  username: 'JDoe',
  email: 'Jane@Example.com',
  amember: { city: 'Chicago', rithmic_passwd: 'secret-pass' },
});

describe('trader ownership', () => {
  it("matches the token's trader id claim to the trader record, never the email, never staff", () => {
    expect(callerMatchesTrader(trader('TR000001'), record)).toBe(true);
    expect(callerMatchesTrader(trader('TR000002'), record)).toBe(false);
    // Same email as the record, but no trader id claim: not the trader.
    expect(callerMatchesTrader(trader(undefined), record)).toBe(false);
    expect(callerMatchesTrader(trader('TR000001'), undefined)).toBe(false);
    expect(callerMatchesTrader({ ...staff, traderId: 'TR000001' }, record)).toBe(false);
  });

  it('lets staff and the trader themself through and answers anyone else 403', () => {
    expect(() => assertIsTraderOrStaff(staff, record)).not.toThrow();
    expect(() => assertIsTraderOrStaff(trader('TR000001'), record)).not.toThrow();
    for (const caller of [trader('TR000002'), trader(undefined), undefined]) {
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
    expect(publicTrader(record, trader('TR000001')).amember).toEqual({ city: 'Chicago' });
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
