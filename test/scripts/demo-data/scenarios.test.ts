import type { Program } from '@shared/programs/program';
import { createRulesEngine, type DayInput, type RuleDefinition } from '@shared/rules';
import type { ScenarioOutcome } from '../../../scripts/demo-data/generate';
import {
  cents,
  generateToTemp,
  groupBy,
  loadDataset,
  readJson,
  type CsvRow,
  type Dataset,
  type Generated,
} from './support';

/**
 * The scenario accounts, judged in the test with the rules contract's arithmetic written out again
 * (contracts/rules.md), and cross-checked with the shared rules engine.
 */

interface Parameters {
  [name: string]: unknown;
}

let generated: Generated;
let data: Dataset;
let programs: Program[];
let rules: RuleDefinition[];
let scenarios: Map<string, ScenarioOutcome>;

beforeAll(async () => {
  generated = await generateToTemp();
  data = loadDataset(generated.dir, generated.result.dates);
  programs = readJson<Program[]>(generated.dir, 'seed/programs.json');
  rules = readJson<RuleDefinition[]>(generated.dir, 'seed/rules.json');
  scenarios = new Map(
    generated.result.manifest.scenarios.map((scenario) => [scenario.name, scenario]),
  );
});

afterAll(() => generated.remove());

function programOf(accountId: string): Program {
  return programs
    .filter((program) => accountId.toUpperCase().startsWith(program.prefix.toUpperCase()))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0]!;
}

/** The merged parameters of the phase's first enabled rule of a category. */
function parametersOf(program: Program, category: string): Parameters | null {
  for (const reference of program.phases[0]!.rules.rules) {
    const rule = rules.find((candidate) => candidate.ruleId === reference.ruleId)!;
    if (reference.enabled && rule.category === category) {
      return { ...rule.testParameters, ...reference.parameterOverrides };
    }
  }
  return null;
}

interface DayVerdict {
  date: string;
  sod: number;
  eod: number;
  trough: number;
  floorInForce: number | null;
  floorAfter: number | null;
  breaches: string[];
  benchmarksMet: boolean;
  profit: number;
  best: number;
  total: number;
  tradingDays: number;
}

/** Independent judgement of an account's days, in cents, as contracts/rules.md defines it. */
function judge(accountId: string): DayVerdict[] {
  const program = programOf(accountId);
  const start = program.phases[0]!.startingBalance * 100;
  const drawdown = parametersOf(program, 'drawdown');
  const dailyLoss = parametersOf(program, 'daily-loss');
  const target = parametersOf(program, 'profit-target');
  const consistency = parametersOf(program, 'consistency');
  const days = parametersOf(program, 'trading-days');
  const hours = parametersOf(program, 'trading-hours');
  const maxDrawdown = drawdown ? (drawdown.maxDrawdown as number) * 100 : 0;
  const lock =
    drawdown?.lockOffset === undefined ? null : start + (drawdown.lockOffset as number) * 100;
  const targetAmount =
    target === null
      ? null
      : target.type === 'absolute'
        ? (target.target as number) * 100
        : (start * (target.target as number)) / 100;
  const fills = groupBy(data['daily-fills'], (row) => `${row.Account}|${row.Date}`);

  let floor: number | null = drawdown ? start - maxDrawdown : null;
  let balance = start;
  let tradingDays = 0;
  const periods = new Map<string, number>();
  let total = 0;
  return data['daily-performance']
    .filter((row) => row.Account === accountId)
    .map((row: CsvRow) => {
      const sod = balance;
      const eod = cents(row.AcctBal);
      const net = cents(row.NetPnl);
      const low = cents(row.LowPnl);
      const trough = sod + Math.min(low, 0);
      const peak = sod + Math.max(cents(row.HighPnl), 0);
      const breaches: string[] = [];
      const floorInForce = floor;
      if (drawdown && floor !== null) {
        if (trough < floor) breaches.push('drawdown');
        let next = floor;
        if (drawdown.resetType === 'eod') next = Math.max(floor, eod - maxDrawdown);
        if (drawdown.resetType === 'daily-highs' || drawdown.resetType === 'trailing') {
          next = Math.max(floor, peak - maxDrawdown);
        }
        if (lock !== null) next = Math.max(floor, Math.min(next, lock));
        if (drawdown.resetType === 'trailing' && eod < next && !breaches.includes('drawdown')) {
          breaches.push('drawdown');
        }
        floor = next;
      }
      if (dailyLoss && Math.min(low, net) <= -(dailyLoss.maxDailyLoss as number) * 100) {
        breaches.push(dailyLoss.kind === 'pause' ? 'daily-loss-pause' : 'daily-loss');
      }
      if (hours) {
        for (const fill of fills.get(`${row.Account}|${row.Date}`) ?? []) {
          const clock = fill.FillTime!.slice(11, 16);
          if (clock > hours.closeTime! && clock < hours.openTime!) breaches.push('trading-hours');
        }
      }
      const isTradingDay = Number(row.Trades) > 0;
      const minProfit = days?.requireProfit ? (days.minProfit as number) * 100 : null;
      if (isTradingDay && (minProfit === null || net >= minProfit)) tradingDays += 1;
      total += net;
      periods.set(row.Date!, (periods.get(row.Date!) ?? 0) + net);
      const best = Math.max(0, ...periods.values());
      const profit = eod - start;
      const benchmarksMet =
        (targetAmount === null || profit >= targetAmount) &&
        (consistency === null ||
          (total > 0 && best < (consistency.minConsistency as number) * total)) &&
        (days === null || tradingDays >= (days.minDays as number));
      balance = eod;
      return {
        date: row.Date!,
        sod,
        eod,
        trough,
        floorInForce,
        floorAfter: floor,
        breaches: [...new Set(breaches)],
        benchmarksMet,
        profit,
        best,
        total,
        tradingDays,
      };
    });
}

function scenario(name: string): ScenarioOutcome {
  const found = scenarios.get(name);
  if (!found) throw new Error(`No scenario ${name}`);
  return found;
}

const firstBreach = (verdicts: DayVerdict[]) => verdicts.find((day) => day.breaches.length > 0);

/** Broker status of an account on each date. */
function statuses(accountId: string): string[] {
  return data.files.accounts.map(
    (file) => file.rows.find((row) => row.accountId === accountId)!.rithmicStatus!,
  );
}

describe('demo scenario accounts', () => {
  it('lists every scenario with a stable account id of its program', () => {
    expect([...scenarios.keys()]).toEqual([
      'pass',
      'pass-daily-highs',
      'trailing-drawdown-bust',
      'eod-drawdown-bust',
      'daily-loss-breach',
      'consistency-miss',
      'close-to-passing',
      'trading-hours-breach',
      'inactive',
      'admin-only',
      'sim-funded',
      'live-funded',
      'demo',
      'payout-ready',
      'payout-not-ready',
    ]);
    expect(scenario('pass').accountId).toBe('EVAL50K-000001');
    // The demo trader's funded accounts, one that may ask for a payout and one that may not yet.
    expect(scenario('payout-ready')).toMatchObject({
      accountId: 'SIMF100K-000014',
      traderId: 'TR000001',
    });
    expect(scenario('payout-not-ready')).toMatchObject({
      accountId: 'SIMF100K-000015',
      traderId: 'TR000001',
    });
    expect(scenario('trailing-drawdown-bust').accountId).toBe('EVAL100K-000003');
    for (const outcome of scenarios.values())
      expect(programOf(outcome.accountId).prefix).toBe(outcome.program);
    expect(generated.result.warnings).toEqual([]);
  });

  it.each(['pass', 'pass-daily-highs'])(
    '%s passes on its last scripted date without a breach',
    (name) => {
      const outcome = scenario(name);
      const verdicts = judge(outcome.accountId);
      const passedOn = verdicts.find((day) => day.benchmarksMet)?.date;

      expect(firstBreach(verdicts)).toBeUndefined();
      expect(passedOn).toBe(outcome.scriptedDates.at(-1));
      expect(outcome.passedOn).toBe(passedOn);
      // Passed evaluations stop trading.
      expect(
        verdicts.filter((day) => day.date > passedOn!).every((day) => day.eod === day.sod),
      ).toBe(true);
    },
  );

  it.each(['trailing-drawdown-bust', 'eod-drawdown-bust'])(
    '%s falls below its trailing floor, above the starting floor, without a daily loss breach',
    (name) => {
      const outcome = scenario(name);
      const program = programOf(outcome.accountId);
      const start = program.phases[0]!.startingBalance * 100;
      const maxDrawdown = (parametersOf(program, 'drawdown')!.maxDrawdown as number) * 100;
      const verdicts = judge(outcome.accountId);
      const bust = firstBreach(verdicts)!;

      expect(bust.date).toBe(outcome.scriptedDates.at(-1));
      expect(bust.breaches).toEqual(['drawdown']);
      expect(Math.min(bust.trough, bust.eod)).toBeLessThan(bust.floorAfter!);
      // The floor had trailed up: a static floor would not have been breached.
      expect(bust.floorInForce!).toBeGreaterThan(start - maxDrawdown);
      expect(bust.trough).toBeGreaterThan(start - maxDrawdown);
      expect(outcome).toMatchObject({
        failedOn: bust.date,
        breach: 'drawdown',
        finalRithmicStatus: 'Admin Only',
      });
    },
  );

  it('daily-loss-breach loses the daily limit on its second date, far from its floor', () => {
    const outcome = scenario('daily-loss-breach');
    const verdicts = judge(outcome.accountId);
    const breach = firstBreach(verdicts)!;

    expect(breach.date).toBe(outcome.scriptedDates[1]);
    expect(breach.breaches).toEqual(['daily-loss']);
    expect(breach.trough).toBeGreaterThan(breach.floorInForce!);
    expect(outcome.failedOn).toBe(breach.date);
  });

  it('consistency-miss reaches the target but one day makes most of its profit', () => {
    const outcome = scenario('consistency-miss');
    const verdicts = judge(outcome.accountId);
    const last = verdicts.at(-1)!;

    expect(firstBreach(verdicts)).toBeUndefined();
    expect(verdicts.some((day) => day.benchmarksMet)).toBe(false);
    expect(last.profit).toBeGreaterThanOrEqual(300_000);
    expect(last.tradingDays).toBeGreaterThanOrEqual(5);
    expect(last.best / last.total).toBeGreaterThanOrEqual(0.5);
    expect(outcome.passedOn).toBeNull();
  });

  it('close-to-passing ends at 90% or more of its target, consistent and clear of its floor', () => {
    const outcome = scenario('close-to-passing');
    const verdicts = judge(outcome.accountId);
    const last = verdicts.at(-1)!;

    expect(firstBreach(verdicts)).toBeUndefined();
    expect(last.profit / 600_000).toBeGreaterThanOrEqual(0.9);
    expect(last.profit).toBeLessThan(600_000);
    expect(last.best / last.total).toBeLessThan(0.5);
    expect(outcome.scriptedDates).toEqual(generated.result.dates.slice(-4));
  });

  it('trading-hours-breach fills after the 15:10 Central close on its second date', () => {
    const outcome = scenario('trading-hours-breach');
    const breach = firstBreach(judge(outcome.accountId))!;

    expect(breach.date).toBe(outcome.scriptedDates[1]);
    expect(breach.breaches).toEqual(['trading-hours']);
    const late = data['daily-fills'].filter(
      (fill) => fill.Account === outcome.accountId && fill.FillTime!.slice(11, 16) > '15:10',
    );
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((fill) => fill.Date === breach.date)).toBe(true);
  });

  it('failed accounts turn Admin Only from the next date and stop trading', () => {
    for (const name of [
      'trailing-drawdown-bust',
      'eod-drawdown-bust',
      'daily-loss-breach',
      'trading-hours-breach',
    ]) {
      const outcome = scenario(name);
      const index = generated.result.dates.indexOf(outcome.failedOn!);
      const status = statuses(outcome.accountId);
      expect(status.slice(0, index + 1).every((value) => value === 'Active')).toBe(true);
      expect(status.slice(index + 1).every((value) => value === 'Admin Only')).toBe(true);
      const after = data['daily-performance'].filter(
        (row) => row.Account === outcome.accountId && row.Date! > outcome.failedOn!,
      );
      expect(after.every((row) => row.Trades === '0')).toBe(true);
    }
  });

  it('the inactive account is listed but reports nothing; the Admin Only one reports no trades', () => {
    const inactive = scenario('inactive');
    expect(statuses(inactive.accountId).every((status) => status === 'Inactive')).toBe(true);
    expect(data['daily-performance'].some((row) => row.Account === inactive.accountId)).toBe(false);

    const adminOnly = scenario('admin-only');
    const rows = data['daily-performance'].filter((row) => row.Account === adminOnly.accountId);
    expect(statuses(adminOnly.accountId).every((status) => status === 'Admin Only')).toBe(true);
    expect(rows).toHaveLength(generated.result.dates.length);
    expect(rows.every((row) => row.Trades === '0' && row.AcctBal === '100000.00')).toBe(true);
  });

  it.each(['sim-funded', 'live-funded', 'demo'])(
    '%s trades most dates without a hard breach',
    (name) => {
      const outcome = scenario(name);
      const verdicts = judge(outcome.accountId);

      expect(
        verdicts.flatMap((day) => day.breaches).filter((breach) => breach !== 'daily-loss-pause'),
      ).toEqual([]);
      expect(outcome.tradingDays).toBeGreaterThanOrEqual(generated.result.dates.length / 2);
      expect(outcome.phase).toBe(name === 'demo' ? 'demo' : name);
    },
  );

  it('gets the same pass and fail dates from the shared rules engine', () => {
    const fills = groupBy(data['daily-fills'], (row) => `${row.Account}|${row.Date}`);
    const trades = groupBy(data['daily-trades'], (row) => `${row.Account}|${row.Date}`);
    for (const outcome of scenarios.values()) {
      const phase = programOf(outcome.accountId).phases[0]!;
      const engine = createRulesEngine({ phase, definitions: rules });
      expect(engine.phase.problems).toEqual([]);
      const days: DayInput[] = data['daily-performance']
        .filter((row) => row.Account === outcome.accountId)
        .map((row) => ({
          date: row.Date!,
          performance: {
            AcctBal: Number(row.AcctBal),
            NetPnl: Number(row.NetPnl),
            ClosedPnl: Number(row.ClosedPnl),
            HighPnl: Number(row.HighPnl),
            LowPnl: Number(row.LowPnl),
            Trades: Number(row.Trades),
            Commissions: Number(row.Commissions),
          },
          fills: (fills.get(`${row.Account}|${row.Date}`) ?? []).map((fill) => ({
            FillTime: fill.FillTime!,
            Symbol: fill.Symbol!,
            Side: fill.Side as 'B' | 'S',
            FillSize: Number(fill.FillSize),
            FillPrice: Number(fill.FillPrice),
          })),
          trades: (trades.get(`${row.Account}|${row.Date}`) ?? []).map((trade) => ({
            Symbol: trade.Symbol!,
            Pnl: Number(trade.Pnl),
          })),
        }));
      const { state } = engine.evaluateHistory(days);
      expect({
        account: outcome.accountId,
        failed: state.failedDate,
        passed: state.passedDate,
      }).toEqual({
        account: outcome.accountId,
        failed: outcome.failedOn,
        passed: outcome.passedOn,
      });
    }
  });
});
