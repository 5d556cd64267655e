import { assertOwnsAccount, callerIsTrader } from '../../../functions/lib/account-access';
import { staffCaller as staff, traderCaller as trader } from '../../support/callers';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import { putItem } from '../../../functions/lib/db/table';
import { traderSchema } from '@shared/traders/trader';
import { useFreshTable } from '../../support/fresh-table';

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

  it("lets the trader whose token's trader id claim is the account's trader", async () => {
    await expect(callerIsTrader(trader('TR000001'), 'TR000001')).resolves.toBe(true);
    await expect(assertOwnsAccount(trader('TR000001'), account)).resolves.toBeUndefined();
  });

  it("never goes by the email: the record's email without the claim is nobody", async () => {
    await expect(callerIsTrader(trader(undefined, 'jane@example.com'), 'TR000001')).resolves.toBe(
      false,
    );
    await expect(callerIsTrader(trader('TR000002', 'jane@example.com'), 'TR000001')).resolves.toBe(
      false,
    );
  });

  it('grants nothing for a claim naming a trader that does not exist', async () => {
    await expect(callerIsTrader(trader('TR999999'), 'TR999999')).resolves.toBe(false);
  });

  it('lets staff through without being a trader', async () => {
    await expect(assertOwnsAccount(staff, account)).resolves.toBeUndefined();
    await expect(callerIsTrader(staff, 'TR000001')).resolves.toBe(false);
  });

  it('answers 404 to another trader, a trader without a trader id claim, an unknown trader, and no caller', async () => {
    for (const caller of [trader('TR000002'), trader(undefined), undefined]) {
      await expect(assertOwnsAccount(caller, account)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Account EVAL50K-000001 not found',
      });
    }
    await expect(
      assertOwnsAccount(trader('TR000001'), { ...account, traderId: 'TR999999' }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
