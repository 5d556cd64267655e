import { day, engineWith, fill } from './fixtures';
import type { DayInput, RulesEngine } from '../../../shared/rules';

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
    expect(micro!.details).toEqual({ forbiddenSymbols: ['MESZ5'] });
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

  it.each([
    ['2026-03-02T17:00:00.000-06:00', 'ok'], // opens at 17:00
    ['2026-03-02T23:59:59-06:00', 'ok'],
    ['2026-03-02T02:00:00-06:00', 'ok'], // after midnight, inside the window
    ['2026-03-02T15:10:00.000-06:00', 'ok'], // the close is included
    ['2026-03-02T15:10:00.001-06:00', 'breached'],
    ['2026-03-02T16:00:00-06:00', 'breached'], // the daily break
    ['2026-03-02T21:30:00Z', 'breached'], // 15:30 Central written in UTC
  ])('a window over midnight (17:00–15:10 Central): a fill at %p is %p', (time, outcome) => {
    expect(at(time).outcome).toBe(outcome);
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

describe('position size rule', () => {
  const positionSize = (params: Record<string, unknown>) =>
    engineWith([{ category: 'position-size', params }]);
  const buys = (symbol: string, ...sizes: number[]) =>
    sizes.map((size, index) => fill(`2026-03-02T09:0${index}:00-06:00`, symbol, 'B', size));

  it('weighs micros 0.1: ten MES are one contract', () => {
    const engine = positionSize({ maxPositionSize: 1 });

    const [ten] = judge(engine, [day('20260302', flat, { fills: buys('MESH6', 10) })]);
    const [eleven] = judge(engine, [day('20260302', flat, { fills: buys('MESH6', 10, 1) })]);

    expect(ten).toMatchObject({ outcome: 'ok', currentValue: 1 });
    expect(eleven).toMatchObject({ outcome: 'breached', currentValue: 1.1 });
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
    expect(rule!.details).toEqual({ peakAt: '2026-03-02T09:01:00-06:00' });
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

  it('scales the limit by accountPercentage', () => {
    const engine = positionSize({ maxPositionSize: 4, accountPercentage: 0.5 });

    const [rule] = judge(engine, [day('20260302', flat, { fills: buys('ESH6', 3) })]);

    expect(rule).toMatchObject({ outcome: 'breached', thresholdValue: 2 });
  });

  it('starts the day from the position carried overnight', () => {
    const [first, second] = judge(positionSize({ maxPositionSize: 3 }), [
      day('20260302', flat, { fills: buys('ESH6', 2) }),
      day('20260303', flat, { fills: [fill('2026-03-03T09:00:00-06:00', 'ESH6', 'B', 2)] }),
    ]);

    expect(first!.outcome).toBe('ok');
    expect(second).toMatchObject({ outcome: 'breached', currentValue: 4 });
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
    expect(rule!.details).toEqual({ openSymbols: ['ESH6'], closeTime: '15:10' });
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

  it('carries open positions in the state for the next day', () => {
    const { state } = overnight.evaluateHistory([
      day('20260302', flat, { fills: [fill('2026-03-02T09:00:00-06:00', 'gcj6', 'S', 3)] }),
    ]);

    expect(state.positions).toEqual({ GCJ6: -3 });
  });
});
