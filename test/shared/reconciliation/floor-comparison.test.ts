import type { DrawdownDay } from '@shared/rules/drawdown-day';
import {
  compareFloors,
  FLOOR_TOLERANCE_CENTS,
  type FloorComparisonInput,
} from '@shared/reconciliation/floor-comparison';

/** A trailing end-of-day drawdown day: floor raised from 48,000 to 48,500 by a close of 50,500. */
function engineDay(overrides: Partial<DrawdownDay> = {}): DrawdownDay {
  return {
    maxDrawdown: 2000,
    floorInForce: 48000,
    floor: 48500,
    locked: false,
    trough: 49800,
    balance: 50500,
    used: 0,
    atTrough: 200,
    decided: 0,
    usage: 0,
    breached: false,
    ...overrides,
  };
}

function input(overrides: Partial<FloorComparisonInput> = {}): FloorComparisonInput {
  return {
    brokerFloor: 48500,
    engine: engineDay(),
    startBalance: 50000,
    previousBalance: 50000,
    previous: null,
    ...overrides,
  };
}

describe('compareFloors', () => {
  it('agrees when the broker reports the floor after the day', () => {
    expect(compareFloors(input())).toEqual({
      brokerFloor: 48500,
      engineFloor: 48500,
      difference: 0,
      agrees: true,
      cause: null,
    });
  });

  it('agrees within the stated tolerance of one cent, and not beyond it', () => {
    expect(FLOOR_TOLERANCE_CENTS).toBe(1);
    expect(compareFloors(input({ brokerFloor: 48500.01 })).agrees).toBe(true);
    expect(compareFloors(input({ brokerFloor: 48499.99 })).agrees).toBe(true);
    const beyond = compareFloors(input({ brokerFloor: 48500.02 }));
    expect(beyond.agrees).toBe(false);
    expect(beyond.difference).toBe(0.02);
  });

  it('names an account without a drawdown rule', () => {
    expect(compareFloors(input({ engine: null }))).toEqual({
      brokerFloor: 48500,
      engineFloor: null,
      difference: null,
      agrees: false,
      cause: 'no-drawdown-rule',
    });
  });

  it('names a manual balance edit when the day starts away from the previous end', () => {
    const result = compareFloors(
      input({ brokerFloor: 48250, startBalance: 50250, previousBalance: 50000 }),
    );
    expect(result).toMatchObject({ agrees: false, difference: -250, cause: 'manual-balance-edit' });
  });

  it('does not call the first day of an account a balance edit', () => {
    const result = compareFloors(input({ brokerFloor: 48000.5, previousBalance: null }));
    expect(result.cause).not.toBe('manual-balance-edit');
  });

  it('names a trailing difference when the broker still shows the floor in force before the raise', () => {
    const result = compareFloors(input({ brokerFloor: 48000 }));
    expect(result).toMatchObject({ difference: -500, cause: 'trailing-behaviour' });
  });

  it('names the lock when the program floor locked and the broker floor kept rising', () => {
    const locked = engineDay({ floorInForce: 50000, floor: 50000, locked: true, balance: 52400 });
    const result = compareFloors(input({ engine: locked, brokerFloor: 50400 }));
    expect(result).toMatchObject({ difference: 400, cause: 'lock-behaviour' });
  });

  it('names a configuration offset when the difference repeats the previous day', () => {
    const previous = { difference: -500, cause: 'unexplained' as const };
    const result = compareFloors(input({ brokerFloor: 48000.0, previous }));
    // A broker floor equal to the floor in force reads as trailing first: use a day without a raise.
    expect(result.cause).toBe('trailing-behaviour');
    const flat = engineDay({ floorInForce: 48500, floor: 48500 });
    expect(compareFloors(input({ engine: flat, brokerFloor: 48000, previous }))).toMatchObject({
      difference: -500,
      cause: 'configuration-offset',
    });
    const other = { difference: -499.5, cause: 'configuration-offset' as const };
    expect(compareFloors(input({ engine: flat, brokerFloor: 48000, previous: other })).cause).toBe(
      'unexplained',
    );
  });

  it('keeps the cause of an offset a balance edit opened on the days after it', () => {
    const flat = engineDay({ floorInForce: 48500, floor: 48500 });
    const previous = { difference: -250, cause: 'manual-balance-edit' as const };
    expect(compareFloors(input({ engine: flat, brokerFloor: 48250, previous })).cause).toBe(
      'manual-balance-edit',
    );
  });

  it('leaves a difference with no known pattern unexplained', () => {
    const flat = engineDay({ floorInForce: 48500, floor: 48500 });
    expect(compareFloors(input({ engine: flat, brokerFloor: 47900 })).cause).toBe('unexplained');
  });
});
