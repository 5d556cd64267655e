import { day, engineWith, fill } from './fixtures';
import type { DayInput, RulesEngine } from '@shared/rules';

const flat = { AcctBal: 50_000, NetPnl: 0 };
const judge = (engine: RulesEngine, days: DayInput[]) =>
  engine.evaluateHistory(days).conformances.map((conformance) => conformance.rules[0]!);

describe('instruments rule', () => {
  const instruments = (allowedInstruments: unknown[], strictMode?: boolean) =>
    engineWith([{ category: 'instruments', params: { allowedInstruments, strictMode } }]);

  it('compares product roots unless strict: ES allows ESZ5, not MES', () => {
    const [rule] = judge(instruments(['ES']), [
      day('20260302', flat, {
        fills: [
          fill('2026-03-02T09:00:00-06:00', 'ESZ5', 'B'),
          fill('2026-03-02T09:01:00-06:00', 'ESZ5', 'S'),
        ],
      }),
    ]);
    const [micro] = judge(instruments(['ES']), [
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'MESZ5', 'B')] }),
    ]);

    expect(rule).toMatchObject({ outcome: 'ok', currentValue: 0 });
    expect(micro).toMatchObject({ outcome: 'breached', currentValue: 1 });
    expect(micro!.details).toMatchObject({ forbiddenSymbols: ['MESZ5'] });
  });

  it('not strict: an allowed contract allows every contract of its root (ESZ5 allows ESH6)', () => {
    const engine = instruments(['ESZ5']);
    const symbolAt = (symbol: string) =>
      judge(engine, [
        day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', symbol, 'B')] }),
      ])[0]!;

    expect(symbolAt('ESH6').outcome).toBe('ok');
    expect(symbolAt('esm6').outcome).toBe('ok');
    expect(symbolAt('ES').outcome).toBe('ok');
    expect(symbolAt('MESH6')).toMatchObject({
      outcome: 'breached',
      details: { forbiddenSymbols: ['MESH6'] },
    });
    expect(symbolAt('NQH6').outcome).toBe('breached');
  });

  it('strict mode compares the exact symbol', () => {
    const engine = instruments(['ESZ5'], true);

    const [same] = judge(engine, [
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'ESZ5', 'B')] }),
    ]);
    const [other] = judge(engine, [
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'ESH6', 'B')] }),
    ]);

    expect(same!.outcome).toBe('ok');
    expect(other!.outcome).toBe('breached');
  });

  it('does not allow an instrument listed with allowed: false', () => {
    const [rule] = judge(instruments([{ symbol: 'cl', allowed: false }, 'ES']), [
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'CLJ6', 'B')] }),
    ]);

    expect(rule!.outcome).toBe('breached');
  });
});

describe('trading hours rule', () => {
  const hours = (openTime: string, closeTime: string, timezone = 'America/Chicago') =>
    engineWith([{ category: 'trading-hours', params: { openTime, closeTime, timezone } }]);
  const at = (time: string) =>
    judge(hours('17:00', '15:10'), [
      day('20260302', flat, { fills: [fill(time, 'ESH6', 'B')] }),
    ])[0]!;

  it("writes the first outside fill's time, in the rule's zone, for {actual} in its messages", () => {
    const engine = engineWith([
      {
        category: 'trading-hours',
        params: { openTime: '08:30', closeTime: '15:00', timezone: 'America/Chicago' },
        failureMessage: 'Fill outside the trading hours at {actual}',
        successMessage: 'Every fill inside the trading hours',
      },
    ]);
    const [conformance] = judge(engine, [
      day('20260302', flat, {
        fills: [
          fill('2026-03-02T15:12:04-06:00', 'ESH6', 'B'),
          fill('2026-03-02T21:40:00Z', 'ESH6', 'S'),
        ],
      }),
    ]);

    expect(conformance).toMatchObject({
      outcome: 'breached',
      currentValue: 2,
      message: 'Fill outside the trading hours at 15:12:04',
    });
  });

  it.each([
    ['2026-03-02T17:00:00.000-06:00', 'ok'], // opens at 17:00
    ['2026-03-02T23:59:59-06:00', 'ok'],
    ['2026-03-02T02:00:00-06:00', 'ok'], // after midnight, inside the window
    ['2026-03-02T16:59:59.999-06:00', 'breached'], // the open is the first inside instant
    ['2026-03-02T15:09:59.999-06:00', 'ok'],
    ['2026-03-02T15:10:00.000-06:00', 'breached'], // a fill at exactly the close is outside
    ['2026-03-02T15:10:00.001-06:00', 'breached'],
    ['2026-03-02T16:00:00-06:00', 'breached'], // the daily break
    ['2026-03-02T21:30:00Z', 'breached'], // 15:30 Central written in UTC
  ])('a window over midnight (17:00–15:10 Central): a fill at %p is %p', (time, outcome) => {
    expect(at(time).outcome).toBe(outcome);
  });

  it.each([
    ['2026-03-02T08:30:00.000-06:00', 'ok'], // openTime ≤ t
    ['2026-03-02T08:29:59.999-06:00', 'breached'],
    ['2026-03-02T14:59:59.999-06:00', 'ok'],
    ['2026-03-02T15:00:00.000-06:00', 'breached'], // t < closeTime
  ])('a window within the day (08:30–15:00 Central): a fill at %p is %p', (time, outcome) => {
    const [rule] = judge(hours('08:30', '15:00'), [
      day('20260302', flat, { fills: [fill(time, 'ESH6', 'B')] }),
    ]);

    expect(rule!.outcome).toBe(outcome);
  });

  // 17:00–15:10 Chicago with every fill written in UTC, so only the zone's offset (CST −6, CDT −5)
  // places it. The US changes of 2026: Sunday 8 March (spring forward) and Sunday 1 November (back).
  it.each([
    ['Fri 6 Mar, CST', '2026-03-06T21:09:59Z', '15:09:59', 'ok'],
    ['Fri 6 Mar, CST', '2026-03-06T21:10:00Z', '15:10:00', 'breached'],
    ['Fri 6 Mar, CST', '2026-03-06T22:59:59Z', '16:59:59', 'breached'],
    ['Fri 6 Mar, CST', '2026-03-06T23:00:00Z', '17:00:00', 'ok'],
    ['Sun 8 Mar, the change night', '2026-03-08T07:59:59Z', '01:59:59', 'ok'],
    ['Sun 8 Mar, the change night', '2026-03-08T08:00:00Z', '03:00:00', 'ok'],
    ['Sun 8 Mar, CDT', '2026-03-08T21:59:59Z', '16:59:59', 'breached'],
    ['Sun 8 Mar, CDT', '2026-03-08T22:00:00Z', '17:00:00', 'ok'],
    ['Mon 9 Mar, CDT', '2026-03-09T20:09:59Z', '15:09:59', 'ok'],
    ['Mon 9 Mar, CDT', '2026-03-09T20:10:00Z', '15:10:00', 'breached'],
    ['Mon 9 Mar, CDT', '2026-03-09T21:09:59Z', '16:09:59', 'breached'], // inside under CST
    ['Mon 9 Mar, CDT', '2026-03-09T22:00:00Z', '17:00:00', 'ok'],
    ['Fri 30 Oct, CDT', '2026-10-30T20:09:59Z', '15:09:59', 'ok'],
    ['Fri 30 Oct, CDT', '2026-10-30T20:10:00Z', '15:10:00', 'breached'],
    ['Fri 30 Oct, CDT', '2026-10-30T22:00:00Z', '17:00:00', 'ok'],
    ['Sun 1 Nov, the change night', '2026-11-01T06:59:59Z', '01:59:59', 'ok'],
    ['Sun 1 Nov, the change night', '2026-11-01T07:00:00Z', '01:00:00', 'ok'],
    ['Sun 1 Nov, CST', '2026-11-01T22:59:59Z', '16:59:59', 'breached'],
    ['Sun 1 Nov, CST', '2026-11-01T23:00:00Z', '17:00:00', 'ok'],
    ['Mon 2 Nov, CST', '2026-11-02T20:10:00Z', '14:10:00', 'ok'], // outside under CDT
    ['Mon 2 Nov, CST', '2026-11-02T21:09:59Z', '15:09:59', 'ok'],
    ['Mon 2 Nov, CST', '2026-11-02T21:10:00Z', '15:10:00', 'breached'],
    ['Mon 2 Nov, CST', '2026-11-02T23:00:00Z', '17:00:00', 'ok'],
  ])('across the DST changes (%s): %p is %p Chicago time, %p', (_when, time, local, outcome) => {
    const [rule] = judge(hours('17:00', '15:10'), [
      day('20260302', flat, { fills: [fill(time, 'ESH6', 'B')] }),
    ]);

    expect(rule!.outcome).toBe(outcome);
    if (outcome === 'breached') expect(rule!.details).toMatchObject({ localTime: local });
  });

  it('reads equal open and close times as a window of the whole day', () => {
    const [rule] = judge(hours('17:00', '17:00'), [
      day('20260302', flat, {
        fills: [
          fill('2026-03-02T16:59:59.999-06:00', 'ESH6', 'B'),
          fill('2026-03-02T17:00:00.000-06:00', 'ESH6', 'S'),
          fill('2026-03-02T03:00:00.000-06:00', 'ESH6', 'B'),
        ],
      }),
    ]);

    expect(rule).toMatchObject({ outcome: 'ok', currentValue: 0 });
  });

  it('follows the daylight saving change of the rule’s zone', () => {
    const engine = hours('08:30', '15:00');
    const before = judge(engine, [
      // 14:00 UTC is 08:00 CST on Friday 6 March: before the open.
      day('20260306', flat, { fills: [fill('2026-03-06T14:00:00Z', 'ESH6', 'B')] }),
    ]);
    const after = judge(engine, [
      // 14:00 UTC is 09:00 CDT on Monday 9 March: inside.
      day('20260309', flat, { fills: [fill('2026-03-09T14:00:00Z', 'ESH6', 'B')] }),
    ]);

    expect(before[0]).toMatchObject({ outcome: 'breached' });
    expect(before[0]!.details).toMatchObject({ localTime: '08:00:00' });
    expect(after[0]!.outcome).toBe('ok');
  });

  it('counts every fill outside the window', () => {
    const [rule] = judge(hours('08:30', '15:00'), [
      day('20260302', flat, {
        fills: [
          fill('2026-03-02T08:00:00-06:00', 'ESH6', 'B'),
          fill('2026-03-02T09:00:00-06:00', 'ESH6', 'S'),
          fill('2026-03-02T16:00:00-06:00', 'ESH6', 'B'),
        ],
      }),
    ]);

    expect(rule).toMatchObject({ currentValue: 2, thresholdValue: 0 });
  });
});

describe('news trading rule', () => {
  // 08:30 Eastern on Friday 6 March 2026 is 13:30 UTC.
  const news = (instruments: string[] = []) =>
    engineWith([
      {
        category: 'news-trading',
        params: {
          bufferMinutes: 5,
          newsEvents: [{ title: 'NFP', date: '2026-03-06', time: '08:30', instruments }],
        },
      },
    ]);
  const at = (time: string, symbol = 'ESH6', engine = news()) =>
    judge(engine, [day('20260306', flat, { fills: [fill(time, symbol, 'B')] })])[0]!;

  it.each([
    ['2026-03-06T13:25:00.000Z', 'breached'], // buffer start, included
    ['2026-03-06T13:24:59.999Z', 'ok'],
    ['2026-03-06T13:35:00.000Z', 'breached'], // buffer end, included
    ['2026-03-06T13:35:00.001Z', 'ok'],
    ['2026-03-06T07:31:00-06:00', 'breached'], // same instant range, written in Central
  ])('a fill at %p is %p', (time, outcome) => {
    expect(at(time).outcome).toBe(outcome);
  });

  it('covers only the instruments an event names, by product root', () => {
    const engine = news(['NQ']);

    expect(at('2026-03-06T13:30:00Z', 'ESH6', engine).outcome).toBe('ok');
    expect(at('2026-03-06T13:30:00Z', 'NQH6', engine)).toMatchObject({
      outcome: 'breached',
      details: { events: ['NFP'] },
    });
  });
});

describe('news trading rule: instruments an event names', () => {
  it.each([
    [['ES'], 'ESH5', 'breached'], // an event naming ES covers ESH5
    [['ES'], 'es', 'breached'],
    [['ESM6'], 'ESH5', 'breached'], // a named contract covers every contract of its root
    [['ES'], 'MESH5', 'ok'], // MES is another product
    [['MES'], 'ESH5', 'ok'],
    [['NQ', 'ES'], 'ESZ5', 'breached'],
    [[], 'CLJ6', 'breached'], // naming none covers all
  ])('an event naming %p and a fill in %p at the event: %p', (instruments, symbol, outcome) => {
    const engine = engineWith([
      {
        category: 'news-trading',
        params: {
          bufferMinutes: 0,
          newsEvents: [{ title: 'CPI', date: '2026-03-11', time: '08:30', instruments }],
        },
      },
    ]);

    const [rule] = judge(engine, [
      day('20260311', flat, { fills: [fill('2026-03-11T12:30:00Z', symbol, 'B')] }),
    ]);

    expect(rule!.outcome).toBe(outcome);
  });
});

describe('position size rule', () => {
  const positionSize = (params: Record<string, unknown>) =>
    engineWith([{ category: 'position-size', params }]);
  const buys = (symbol: string, ...sizes: number[]) =>
    sizes.map((size, index) => fill(`2026-03-02T09:0${index}:00-06:00`, symbol, 'B', size));

  it('weighs a micro 0.1 when the rule lists it so: ten MES are one contract', () => {
    const engine = positionSize({
      maxPositionSize: 1,
      instruments: [{ symbol: 'MES', positionFactor: 0.1 }],
    });

    const [ten] = judge(engine, [day('20260302', flat, { fills: buys('MESH6', 10) })]);
    const [eleven] = judge(engine, [day('20260302', flat, { fills: buys('MESH6', 10, 1) })]);

    expect(ten).toMatchObject({ outcome: 'ok', currentValue: 1 });
    expect(eleven).toMatchObject({ outcome: 'breached', currentValue: 1.1 });
  });

  it('counts 1 for a symbol whose root the rule does not list, micro or not', () => {
    const engine = positionSize({
      maxPositionSize: 2,
      instruments: [{ symbol: 'MNQ', positionFactor: 0.1 }],
    });

    const [twoMicros] = judge(engine, [day('20260302', flat, { fills: buys('MESH6', 2) })]);
    const [threeMicros] = judge(engine, [day('20260302', flat, { fills: buys('MESH6', 3) })]);
    const [listed] = judge(engine, [day('20260302', flat, { fills: buys('MNQH6', 20) })]);
    const [unknown] = judge(positionSize({ maxPositionSize: 2 }), [
      day('20260302', flat, { fills: buys('XYZ', 3) }),
    ]);

    expect(twoMicros).toMatchObject({ outcome: 'ok', currentValue: 2 });
    expect(threeMicros).toMatchObject({ outcome: 'breached', currentValue: 3 });
    expect(listed).toMatchObject({ outcome: 'ok', currentValue: 2 });
    expect(unknown).toMatchObject({ outcome: 'breached', currentValue: 3 });
  });

  it('takes position factors from the rule’s instrument list', () => {
    const engine = positionSize({
      maxPositionSize: 3,
      instruments: [{ symbol: 'NQ', positionFactor: 2 }],
    });

    const [rule] = judge(engine, [day('20260302', flat, { fills: buys('NQH6', 2) })]);

    expect(rule).toMatchObject({ outcome: 'breached', currentValue: 4 });
  });

  it('sums absolute positions across symbols at every moment, not only at the close', () => {
    const [rule] = judge(positionSize({ maxPositionSize: 3 }), [
      day('20260302', flat, {
        fills: [
          fill('2026-03-02T09:00:00-06:00', 'ESH6', 'B', 2),
          fill('2026-03-02T09:01:00-06:00', 'NQH6', 'S', 2), // 2 long + 2 short = 4
          fill('2026-03-02T09:02:00-06:00', 'ESH6', 'S', 2),
          fill('2026-03-02T09:03:00-06:00', 'NQH6', 'B', 2),
        ],
      }),
    ]);

    expect(rule).toMatchObject({ outcome: 'breached', currentValue: 4 });
    expect(rule!.details).toMatchObject({ peakAt: '2026-03-02T09:01:00-06:00' });
  });

  it('replays fills in time order even when the file lists them otherwise', () => {
    const [rule] = judge(positionSize({ maxPositionSize: 2 }), [
      day('20260302', flat, {
        fills: [
          fill('2026-03-02T09:02:00-06:00', 'ESH6', 'B', 2),
          fill('2026-03-02T09:01:00-06:00', 'ESH6', 'S', 2),
        ],
      }),
    ]);

    expect(rule).toMatchObject({ outcome: 'ok', currentValue: 2 });
  });

  it('records accountPercentage without judging it: the limit is maxPositionSize', () => {
    const engine = positionSize({ maxPositionSize: 4, accountPercentage: 0.5 });

    const [four] = judge(engine, [day('20260302', flat, { fills: buys('ESH6', 4) })]);
    const [five] = judge(engine, [day('20260302', flat, { fills: buys('ESH6', 5) })]);

    expect(four).toMatchObject({ outcome: 'ok', currentValue: 4, thresholdValue: 4 });
    expect(four!.details).toEqual({ accountPercentage: 0.5 });
    expect(five).toMatchObject({ outcome: 'breached', thresholdValue: 4 });
    expect(five!.details).toMatchObject({
      peakAt: '2026-03-02T09:00:00-06:00',
      accountPercentage: 0.5,
    });
  });

  it('starts the day from the position carried overnight', () => {
    const [first, second] = judge(positionSize({ maxPositionSize: 3 }), [
      day('20260302', flat, { fills: buys('ESH6', 2) }),
      day('20260303', flat, { fills: [fill('2026-03-03T09:00:00-06:00', 'ESH6', 'B', 2)] }),
    ]);

    expect(first!.outcome).toBe('ok');
    expect(second).toMatchObject({ outcome: 'breached', currentValue: 4 });
  });

  it('starts from the carried position, not from flat: a short carried in is bought back', () => {
    // Day 1 ends 3 short (at the limit). Day 2 buys 5: from −3 the net goes to +2, never beyond 3;
    // from flat it would reach 5.
    const [first, second] = judge(positionSize({ maxPositionSize: 3 }), [
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'ESH6', 'S', 3)] }),
      day('20260303', flat, { fills: [fill('2026-03-03T09:00:00-06:00', 'ESH6', 'B', 5)] }),
    ]);

    expect(first).toMatchObject({ outcome: 'ok', currentValue: 3 });
    expect(second).toMatchObject({ outcome: 'ok', currentValue: 3 });
  });

  it('starts the first day flat, and counts a carried position at the limit as within it', () => {
    const engine = positionSize({ maxPositionSize: 3 });

    const { conformances } = engine.evaluateHistory([
      day('20260302', flat, { fills: buys('ESH6', 3) }), // 0 → 3: at the limit
      day('20260303', flat), // no fills: the 3 carried in
      day('20260304', flat, { fills: [fill('2026-03-04T09:00:00-06:00', 'NQH6', 'B', 1)] }),
    ]);

    expect(conformances.map((conformance) => conformance.rules[0]!.currentValue)).toEqual([
      3, 3, 4,
    ]);
    expect(conformances.map((conformance) => conformance.rules[0]!.outcome)).toEqual([
      'ok',
      'ok',
      'breached',
    ]);
  });
});

describe('overnight holding rule', () => {
  const overnight = engineWith([
    { category: 'overnight-holding', params: { allowedInstruments: ['GC'], closeTime: '15:10' } },
  ]);

  it('is breached by a position left open in an instrument not allowed overnight', () => {
    const [rule] = judge(overnight, [
      day('20260302', flat, {
        fills: [
          fill('2026-03-02T09:00:00-06:00', 'ESH6', 'B', 2),
          fill('2026-03-02T09:05:00-06:00', 'ESH6', 'S', 1),
        ],
      }),
    ]);

    expect(rule).toMatchObject({ outcome: 'breached', currentValue: 1 });
    expect(rule!.details).toMatchObject({ openSymbols: ['ESH6'], closeTime: '15:10' });
  });

  it('allows a position in an allowed instrument and a flat book', () => {
    const [held, flatBook] = judge(overnight, [
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'GCJ6', 'B')] }),
      day('20260303', flat, {
        fills: [
          fill('2026-03-03T09:00:00-06:00', 'ESH6', 'B'),
          fill('2026-03-03T09:01:00-06:00', 'ESH6', 'S'),
        ],
      }),
    ]);

    expect(held!.outcome).toBe('ok');
    expect(flatBook!.outcome).toBe('ok');
  });

  it('counts a position carried in: breached on a later day without fills, ok once closed', () => {
    const { conformances } = overnight.evaluateHistory([
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'ESH6', 'B', 2)] }),
      day('20260303', { AcctBal: 50_000, NetPnl: 0, Trades: 0 }), // nothing traded, still held
      day('20260304', flat, { fills: [fill('2026-03-04T09:00:00-06:00', 'ESH6', 'S', 1)] }),
      day('20260305', flat, { fills: [fill('2026-03-05T09:00:00-06:00', 'ESH6', 'S', 1)] }),
    ]);

    expect(conformances.map((conformance) => conformance.rules[0]!.currentValue)).toEqual([
      2, 2, 1, 0,
    ]);
    expect(conformances.map((conformance) => conformance.rules[0]!.outcome)).toEqual([
      'breached',
      'breached',
      'breached',
      'ok',
    ]);
  });

  it('compares roots: an allowed GCJ6 allows holding GCM6, not MGCM6', () => {
    const engine = engineWith([
      {
        category: 'overnight-holding',
        params: { allowedInstruments: ['GCJ6'], closeTime: '15:10' },
      },
    ]);
    const holding = (symbol: string) =>
      judge(engine, [
        day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', symbol, 'B')] }),
      ])[0]!;

    expect(holding('GCM6').outcome).toBe('ok');
    expect(holding('gc').outcome).toBe('ok');
    expect(holding('MGCM6').outcome).toBe('breached');
  });

  it('allows no instrument when allowedInstruments is absent', () => {
    const engine = engineWith([{ category: 'overnight-holding', params: { closeTime: '15:10' } }]);

    const [held, flatBook] = judge(engine, [
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'GCJ6', 'B')] }),
      day('20260303', flat, { fills: [fill('2026-03-03T09:00:00-06:00', 'GCJ6', 'S')] }),
    ]);

    expect(held).toMatchObject({ outcome: 'breached', currentValue: 1 });
    expect(flatBook!.outcome).toBe('ok');
  });

  it('takes closeTime as information: only the position after the day’s last fill is judged', () => {
    const [closedAfterClose, openedAfterClose] = judge(overnight, [
      // Open at 09:00, flat at 16:30, after the 15:10 close: flat at the end of the day.
      day('20260302', flat, {
        fills: [
          fill('2026-03-02T09:00:00-06:00', 'ESH6', 'B'),
          fill('2026-03-02T16:30:00-06:00', 'ESH6', 'S'),
        ],
      }),
      // Flat at 15:10, then a position opened at 15:30 and kept: held overnight.
      day('20260303', flat, {
        fills: [
          fill('2026-03-03T09:00:00-06:00', 'ESH6', 'B'),
          fill('2026-03-03T15:09:00-06:00', 'ESH6', 'S'),
          fill('2026-03-03T15:30:00-06:00', 'ESH6', 'B'),
        ],
      }),
    ]);

    expect(closedAfterClose!.outcome).toBe('ok');
    expect(openedAfterClose).toMatchObject({ outcome: 'breached', currentValue: 1 });
    expect(openedAfterClose!.details).toMatchObject({ openSymbols: ['ESH6'], closeTime: '15:10' });
  });

  it('carries open positions in the state for the next day', () => {
    const { state } = overnight.evaluateHistory([
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'gcj6', 'S', 3)] }),
    ]);

    expect(state.positions).toEqual({ GCJ6: -3 });
  });
});
