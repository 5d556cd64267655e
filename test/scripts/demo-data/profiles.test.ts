import { traderSchema } from '@shared/traders/trader';
import { drawTrader } from '../../../scripts/demo-data/population';
import { demoTraderProfiles, drawTraderProfile } from '../../../scripts/demo-data/profiles';
import { demoMembers } from '../../../scripts/local-stack/membership-server';
import { DEMO_DATA } from '../../../scripts/local-stack/seed';

const options = { seed: DEMO_DATA.seed, traders: DEMO_DATA.traders, endDate: '20261125' };

/** The trader record the screens read: the broker's fields, then the drawn profile. */
function recordOf(number: number) {
  const trader = drawTrader(options.seed, number);
  return traderSchema.parse({
    traderId: trader.traderId,
    firstName: trader.firstName,
    lastName: trader.lastName,
    email: trader.email,
    phoneNumber: trader.phoneNumber,
    ...drawTraderProfile(options.seed, number, options.endDate),
  });
}

describe('demo trader profiles (spec 000 §3 trader fields beyond traders.csv)', () => {
  const profiles = demoTraderProfiles(options);
  const records = [...Array(options.traders).keys()].map((index) => recordOf(index + 1));

  it('fill every spec field for some traders, and leave some traders without', () => {
    const some = (has: (record: (typeof records)[number]) => boolean) => records.filter(has).length;
    expect(
      some((r) => Object.values(r.address ?? {}).filter(Boolean).length === 5),
    ).toBeGreaterThan(5);
    for (const kind of ['mobile', 'work', 'home'] as const) {
      expect(some((r) => Boolean(r.phone[kind]))).toBeGreaterThan(2);
    }
    expect(
      some((r) =>
        Boolean(r.loginInfo?.first && r.loginInfo.last && r.loginInfo.expiry && r.loginInfo.lastIp),
      ),
    ).toBeGreaterThan(5);
    expect(some((r) => r.ipAddresses.length > 1)).toBeGreaterThan(2);
    expect(some((r) => r.fingerprints.length > 0)).toBeGreaterThan(5);
    expect(some((r) => /^cus_[A-Za-z0-9]{14}$/.test(r.stripeId ?? ''))).toBeGreaterThan(5);
    expect(some((r) => Boolean(r.lastAppUsed))).toBeGreaterThan(5);
    const fullAmember = (r: (typeof records)[number]) =>
      [
        'street',
        'street2',
        'city',
        'zip',
        'country',
        'phone',
        'rithmic_user_id',
        'rithmic_passwd',
      ].every((field) => Boolean(r.amember?.[field as keyof NonNullable<typeof r.amember>]));
    expect(some(fullAmember)).toBeGreaterThan(0);
    expect(some((r) => r.amember !== undefined)).toBeGreaterThan(5);
    // The empty states: traders without a profile, and with a profile but no membership record.
    expect(some((r) => r.address === undefined && r.amember === undefined)).toBeGreaterThan(1);
    expect(some((r) => r.address !== undefined && r.amember === undefined)).toBeGreaterThan(0);
    expect(profiles.size).toBe(some((r) => r.address !== undefined));
  });

  it('give the demo trader every field, matching the membership stand-in’s demo member', () => {
    const demo = recordOf(1);
    const member = demoMembers('x')[0]!;
    expect(demo.email).toBe(member.email);
    expect(demo.amember).toMatchObject({
      rithmic_user_id: member.rithmic_user_id,
      rithmic_passwd: member.rithmic_passwd,
    });
    expect(demo.amember?.street2).toBeTruthy();
    expect(Object.keys(demo.phone).sort()).toEqual(['home', 'mobile', 'work']);
    expect(demo.stripeId).toBeTruthy();
    // Login times are around the demo's last day; expiry after the last login.
    expect(demo.loginInfo!.last!.slice(0, 10) <= '2026-11-25').toBe(true);
    expect(Date.parse(demo.loginInfo!.expiry!)).toBeGreaterThan(Date.parse(demo.loginInfo!.last!));
    expect(Date.parse(demo.loginInfo!.first!)).toBeLessThan(Date.parse(demo.loginInfo!.last!));
    expect(Date.parse(demo.createdAt!)).toBeLessThan(Date.parse(demo.loginInfo!.first!));
  });

  it('are the same for the same seed and use documentation addresses only', () => {
    expect(demoTraderProfiles(options)).toEqual(profiles);
    for (const profile of profiles.values()) {
      for (const address of profile.ipAddresses ?? []) {
        expect(address).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/);
      }
      for (const number of Object.values(profile.phone ?? {}))
        expect(number).toMatch(/-555-01\d\d$/);
    }
  });
});
