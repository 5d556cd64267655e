import { assertOwnsAccount, callerIsTrader } from '../../../functions/lib/account-access';
import type { Caller } from '../../../functions/lib/auth-context';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import { putItem } from '../../../functions/lib/db/table';
import { traderSchema } from '@shared/traders/trader';
import { useFreshTable } from '../../support/fresh-table';

const trader = (email: string | undefined, userId = 'trader-sub'): Caller => ({
  userId,
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
const account = { accountId: 'EVAL50K-000001', traderId: 'TR000001' };

describe('account ownership', () => {
  useFreshTable();

  beforeAll(async () => {
    await putItem(
      traderRepository.itemOf(
        traderSchema.parse({
          traderId: 'TR000001',
          firstName: 'Jane',
          lastName: 'Doe',
          email: 'Jane@Example.com',
        }),
      ),
    );
  });

  it('lets the trader whose record has the verified email, in any case', async () => {
    await expect(callerIsTrader(trader(' jane@example.COM '), 'TR000001')).resolves.toBe(true);
    await expect(assertOwnsAccount(trader('jane@example.com'), account)).resolves.toBeUndefined();
  });

  it('lets staff through without being a trader', async () => {
    await expect(assertOwnsAccount(staff, account)).resolves.toBeUndefined();
    await expect(callerIsTrader(staff, 'TR000001')).resolves.toBe(false);
  });

  it('answers 404 to another trader, a trader without an email claim, an unknown trader, and no caller', async () => {
    for (const caller of [trader('john@example.com'), trader(undefined), undefined]) {
      await expect(assertOwnsAccount(caller, account)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Account EVAL50K-000001 not found',
      });
    }
    await expect(
      assertOwnsAccount(trader('jane@example.com'), { ...account, traderId: 'TR999999' }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
