import fc from 'fast-check';
import {
  accountDayFailures,
  continuityFailure,
  continuityToleranceCents,
  duplicateFillIdsFailure,
  fillsOutsideSessionFailure,
  firmShareFailure,
  gateStatus,
  INPUT_QUALITY,
  isBreach,
  missingAccounts,
  sessionOf,
  type QualityFailure,
} from '@shared/rules/input-quality';
import type { AccountStatus } from '@shared/rules/account-summary';

const cents = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 });
const status = fc.constantFrom<AccountStatus>('active', 'passed', 'failed');
const failure: QualityFailure = { check: 'balance-continuity', message: 'off', figures: {} };

describe('balance continuity', () => {
  it('passes whenever AcctBal(D) = AcctBal(P) + NetPnl(D) to the cent', () => {
    fc.assert(
      fc.property(cents, cents, (previous, net) => {
        expect(
          continuityFailure({
            previousDate: '20261124',
            previousAcctBal: previous / 100,
            netPnl: net / 100,
            acctBal: (previous + net) / 100,
          }),
        ).toBeUndefined();
      }),
    );
  });

  it('passes inside the tolerance and fails one cent beyond it, either way', () => {
    fc.assert(
      fc.property(cents, cents, fc.boolean(), (previous, net, up) => {
        const tolerance = continuityToleranceCents(previous / 100);
        const sign = up ? 1 : -1;
        const at = (off: number) =>
          continuityFailure({
            previousDate: '20261124',
            previousAcctBal: previous / 100,
            netPnl: net / 100,
            acctBal: (previous + net + sign * off) / 100,
          });
        expect(at(tolerance)).toBeUndefined();
        const beyond = at(tolerance + 1);
        expect(beyond?.check).toBe('balance-continuity');
        expect(beyond?.figures.difference).toBeCloseTo((sign * (tolerance + 1)) / 100, 6);
      }),
    );
  });

  it('states the tolerance: 1 cent plus a millionth of the previous balance', () => {
    expect(INPUT_QUALITY.continuity).toEqual({ absoluteCents: 1, relative: 0.000_001 });
    expect(continuityToleranceCents(0)).toBe(1);
    expect(continuityToleranceCents(50_000)).toBe(6);
    expect(continuityToleranceCents(-50_000)).toBe(6);
    expect(continuityToleranceCents(150_000)).toBe(16);
  });

  it('names the numbers of a jump', () => {
    const jump = continuityFailure({
      previousDate: '20261124',
      previousAcctBal: 50_000,
      netPnl: 250.5,
      acctBal: 52_250.5,
    });
    expect(jump?.figures).toEqual({
      previousDate: '20261124',
      previousAcctBal: 50_000,
      netPnl: 250.5,
      expectedAcctBal: 50_250.5,
      acctBal: 52_250.5,
      difference: 2_000,
      tolerance: 0.06,
    });
    expect(jump?.message).toBe(
      'AcctBal 52250.50 is not AcctBal 50000.00 of 20261124 + NetPnl 250.50 = 50250.50: off by 2000.00 (tolerance 0.06)',
    );
  });

  it('is not checked without a previous day', () => {
    expect(
      accountDayFailures({ date: '20261125', acctBal: 1, netPnl: 999, fillTimes: [] }),
    ).toEqual([]);
  });
});

describe('duplicate FillIds', () => {
  it('finds none in distinct ids', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 })), (ids) => {
        expect(duplicateFillIdsFailure(ids)).toBeUndefined();
      }),
    );
  });

  it('counts every extra row of a repeated id', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1 }),
        fc.integer({ min: 1, max: 5 }),
        (ids, repeats) => {
          const withRepeats = [...ids, ...Array.from({ length: repeats }, () => ids[0] as string)];
          const found = duplicateFillIdsFailure(withRepeats);
          expect(found?.figures).toMatchObject({ duplicatedIds: 1, extraRows: repeats });
          expect(found?.message).toContain(ids[0]);
        },
      ),
    );
  });

  it('names at most five ids', () => {
    const ids = Array.from({ length: 9 }, (_, index) => `F${index}`);
    const found = duplicateFillIdsFailure([...ids, ...ids]);
    expect(found?.figures).toMatchObject({ duplicatedIds: 9, extraRows: 9, fills: 18 });
    expect(found?.message.match(/F\d/g)).toHaveLength(INPUT_QUALITY.maxIdsShown);
  });
});

describe('the trading session', () => {
  it('runs from 17:00 Central the day before to 16:00 Central, in winter and summer', () => {
    // 20261125 (CST, -06:00) and 20260701 (CDT, -05:00).
    expect(sessionOf('20261125')).toEqual({
      opensAt: Date.parse('2026-11-24T17:00:00-06:00'),
      closesAt: Date.parse('2026-11-25T16:00:00-06:00'),
    });
    expect(sessionOf('20260701')).toEqual({
      opensAt: Date.parse('2026-06-30T17:00:00-05:00'),
      closesAt: Date.parse('2026-07-01T16:00:00-05:00'),
    });
    // Monday's session opens on Sunday evening; the DST change (8 March 2026) falls inside it.
    expect(sessionOf('20260309').opensAt).toBe(Date.parse('2026-03-08T17:00:00-05:00'));
  });

  it('keeps fills inside the session and flags those outside, with the first', () => {
    const date = '20261125';
    const inside = [
      '2026-11-24T17:00:00.000-06:00',
      '2026-11-25T08:30:00.000-06:00',
      '2026-11-25T15:59:59.999-06:00',
    ];
    expect(fillsOutsideSessionFailure(date, inside)).toBeUndefined();
    const outside = fillsOutsideSessionFailure(date, [
      ...inside,
      '2026-11-25T16:00:00.000-06:00',
      '2026-11-24T16:59:59.999-06:00',
      'not a time',
    ]);
    expect(outside?.figures).toMatchObject({
      outside: 3,
      fills: 6,
      first: '2026-11-24T16:59:59.999-06:00',
    });
  });

  it('flags any instant outside the window and none inside, whatever the offset written', () => {
    const { opensAt, closesAt } = sessionOf('20261125');
    fc.assert(
      fc.property(
        fc.integer({ min: opensAt - 86_400_000, max: closesAt + 86_400_000 }),
        (instant) => {
          const text = new Date(instant).toISOString();
          const found = fillsOutsideSessionFailure('20261125', [text]);
          expect(found === undefined).toBe(instant >= opensAt && instant < closesAt);
        },
      ),
    );
  });
});

describe('firm-wide share', () => {
  it('holds the date only above the share, and only from the minimum of accounts', () => {
    const { maxSuspectShare, minAccounts } = INPUT_QUALITY.firmShare;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        (accounts, suspectWanted, missing) => {
          const suspect = Math.min(suspectWanted, accounts);
          const found = firmShareFailure({ accounts, suspect, missing });
          const total = accounts + missing;
          const expected = total >= minAccounts && (suspect + missing) / total > maxSuspectShare;
          expect(found !== undefined).toBe(expected);
        },
      ),
    );
  });

  it('reports its numbers', () => {
    expect(firmShareFailure({ accounts: 50, suspect: 4, missing: 10 })?.figures).toEqual({
      suspect: 4,
      missing: 10,
      accounts: 60,
      share: 0.2333,
      threshold: 0.1,
    });
    expect(firmShareFailure({ accounts: 60, suspect: 6, missing: 0 })).toBeUndefined();
  });

  it('counts accounts of the previous date missing on this one', () => {
    expect(missingAccounts(['B', 'A', 'C'], new Set(['A']))).toEqual(['B', 'C']);
    expect(missingAccounts([], new Set(['A']))).toEqual([]);
  });
});

describe('the status gate', () => {
  it('a breach is a move to failed from anything else', () => {
    expect(isBreach('active', 'failed')).toBe(true);
    expect(isBreach('passed', 'failed')).toBe(true);
    expect(isBreach('failed', 'failed')).toBe(false);
    expect(isBreach('active', 'passed')).toBe(false);
  });

  it('applies the decided status whenever the inputs are sound and nothing is held', () => {
    fc.assert(
      fc.property(status, status, (current, decided) => {
        expect(
          gateStatus({ current, hold: undefined, date: '20261125', decided, failures: [] }),
        ).toEqual({ status: decided, hold: undefined, opened: false });
      }),
    );
  });

  it('holds a breach on suspect inputs, keeping the status', () => {
    expect(
      gateStatus({
        current: 'active',
        hold: undefined,
        date: '20261125',
        decided: 'failed',
        failures: [failure],
      }),
    ).toEqual({
      status: 'active',
      hold: { date: '20261125', status: 'failed' },
      opened: true,
    });
  });

  it('never holds what is not a breach, suspect or not', () => {
    fc.assert(
      fc.property(status, status, (current, decided) => {
        fc.pre(!isBreach(current, decided));
        const gated = gateStatus({
          current,
          hold: undefined,
          date: '20261125',
          decided,
          failures: [failure],
        });
        expect(gated).toEqual({ status: decided, hold: undefined, opened: false });
      }),
    );
  });

  it('an open hold keeps the status and follows the latest decision', () => {
    fc.assert(
      fc.property(status, status, (current, decided) => {
        expect(
          gateStatus({
            current,
            hold: { date: '20261124', status: 'failed' },
            date: '20261125',
            decided,
            failures: [],
          }),
        ).toEqual({ status: current, hold: { date: '20261124', status: decided }, opened: false });
      }),
    );
  });

  it('a released day applies; a recorded hold holds again even when the checks now pass', () => {
    const base = { current: 'active' as const, hold: undefined, date: '20261125' };
    expect(
      gateStatus({ ...base, decided: 'failed', failures: [failure], recorded: 'released' }),
    ).toEqual({ status: 'failed', hold: undefined, opened: false });
    expect(gateStatus({ ...base, decided: 'failed', failures: [], recorded: 'held' })).toEqual({
      status: 'active',
      hold: { date: '20261125', status: 'failed' },
      opened: true,
    });
  });
});
