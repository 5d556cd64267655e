import { traderSchema } from '@shared/traders/trader';
import { putItem } from '../../../functions/lib/db/table';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import { demoTraderProfiles } from '../../../scripts/demo-data';
import { drawTrader } from '../../../scripts/demo-data/population';
import {
  DEMO_DATA,
  lastTradingDateBefore,
  seedTraderProfiles,
} from '../../../scripts/local-stack/seed';
import { useFreshTable } from '../../support/fresh-table';

describe('lastTradingDateBefore', () => {
  it.each([
    ['2026-11-23T10:00:00Z', '20261120'], // Monday → the Friday before
    ['2026-11-24T00:30:00Z', '20261123'], // Tuesday → Monday
    ['2026-11-22T12:00:00Z', '20261120'], // Sunday → Friday
    ['2026-03-01T12:00:00Z', '20260227'], // across a month end
  ])('on %s is %s', (today, expected) => {
    expect(lastTradingDateBefore(new Date(today))).toBe(expected);
  });
});

describe('seedTraderProfiles', () => {
  useFreshTable();

  it('adds the profile fields to the synced trader and keeps the broker’s fields', async () => {
    const trader = drawTrader(DEMO_DATA.seed, 1);
    await putItem(
      traderRepository.itemOf(
        traderSchema.parse({
          traderId: trader.traderId,
          firstName: trader.firstName,
          lastName: trader.lastName,
          email: trader.email,
          phoneNumber: trader.phoneNumber,
          accounts: ['EVAL50K-000001'],
        }),
      ),
    );
    const profiles = demoTraderProfiles({ seed: DEMO_DATA.seed, traders: 2, endDate: '20261125' });

    await seedTraderProfiles(profiles);

    const stored = await traderRepository.get(trader.traderId);
    expect(stored).toMatchObject({
      ...profiles.get(trader.traderId),
      email: trader.email,
      accounts: ['EVAL50K-000001'],
    });
    expect(stored?.amember?.rithmic_user_id).toBe(trader.traderId);
    // A profile of a trader the sync has not stored is not a trader of its own.
    expect(await traderRepository.get(drawTrader(DEMO_DATA.seed, 2).traderId)).toBeUndefined();
  });
});
