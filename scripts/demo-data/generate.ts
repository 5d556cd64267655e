import { Readable } from 'node:stream';
import * as z from 'zod';
import { formatDate, isoDate, parseDate, tradingDays } from './calendar';
import { brokerFloorCents } from './broker-floor';
import { CsvFile } from './csv-file';
import { frontContract, INSTRUMENTS, type Root } from './instruments';
import { marketDay, type MarketDay } from './market';
import {
  accountId,
  drawAccount,
  drawStyle,
  drawTrader,
  FIRST_DRAWN_ORDINAL,
  type DemoAccount,
  type DemoTrader,
  type RithmicStatus,
} from './population';
import { accountLimits, demoPrograms, demoRules, type AccountLimits } from './programs';
import { randomFor, type Random } from './random';
import { revenueRows } from './revenue';
import {
  accountRow,
  auditRows,
  COLUMNS,
  FILE_KINDS,
  fillRows,
  performanceRow,
  relationshipRow,
  symbolRows,
  traderRow,
  tradeRows,
  type FileKind,
} from './rows';
import {
  initialState,
  judgeDay,
  type Breach,
  type DayFigures,
  type DayJudgement,
  type TrackerState,
} from './rule-tracker';
import { dateIndex, fits, SCENARIOS, type Scenario, type ScriptedDay } from './scenarios';
import { simulateDay, transactionBase, type DayPlan, type SimulatedDay } from './simulate-day';
import type { DemoDataSink } from './sinks';

/** A fixed default, never the clock: the same command gives the same files on any day. */
export const DEFAULT_END_DATE = '20260313';
/** Ordinals end up in ids as six digits. */
const MAX_ORDINAL = 999_999;

export const demoDataOptionsSchema = z
  .object({
    traders: z.number().int().min(1),
    days: z.number().int().min(1).max(260),
    seed: z.string().min(1),
    accountsPerTrader: z.number().int().min(1).max(20).default(2),
    endDate: z
      .string()
      .refine((text) => {
        try {
          parseDate(text);
          return true;
        } catch {
          return false;
        }
      }, 'End date must be a calendar date written YYYYMMDD')
      .default(DEFAULT_END_DATE),
    gzip: z.boolean().default(false),
  })
  .refine(
    (options) => FIRST_DRAWN_ORDINAL + options.traders * options.accountsPerTrader <= MAX_ORDINAL,
    { message: `At most ${MAX_ORDINAL - FIRST_DRAWN_ORDINAL} accounts` },
  );
export type DemoDataOptions = z.input<typeof demoDataOptionsSchema>;

export interface DemoDataProgress {
  date: string;
  /** 1-based position of the date among all dates. */
  index: number;
  total: number;
  rows: Readonly<Record<FileKind, number>>;
}

export interface ScenarioOutcome {
  name: string;
  description: string;
  accountId: string;
  traderId: string;
  program: string;
  phase: string;
  /** Broker status on the first and on the last date (failed accounts become Admin Only). */
  rithmicStatus: RithmicStatus;
  finalRithmicStatus: RithmicStatus;
  scriptedDates: string[];
  passedOn: string | null;
  failedOn: string | null;
  breach: Breach | null;
  finalBalance: number;
  tradingDays: number;
}

export interface ScenarioManifest {
  seed: string;
  dates: string[];
  traders: number;
  accounts: number;
  accountsByProgram: Record<string, number>;
  accountsByFinalStatus: Record<RithmicStatus, number>;
  scenarios: ScenarioOutcome[];
}

export interface DemoDataResult {
  dates: string[];
  /** Keys written, in order: `seed/...` and `broker/<date>/<kind>.csv[.gz]`. */
  files: string[];
  rows: Record<FileKind, number>;
  manifest: ScenarioManifest;
  /** Scripted days that did not reach their intended outcome (none expected). */
  warnings: string[];
}

/** Room, in cents, that a day meant to be clean keeps from every limit, and a breach goes beyond. */
const MARGIN_CENTS = 5_000;
const SCRIPTED_ATTEMPTS = 60;
const ORGANIC_ATTEMPTS = 8;

interface AccountRun {
  account: DemoAccount;
  limits: AccountLimits;
  scenario: Scenario | null;
  scripted: Map<number, ScriptedDay>;
  state: TrackerState;
  tradingDays: number;
  failedOn: string | null;
  breach: Breach | null;
  passedOn: string | null;
}

const IDLE: DayFigures = {
  netCents: 0,
  highCents: 0,
  lowCents: 0,
  tradeCount: 0,
  outsideHours: false,
};

/** Whether a day's judgement is the one its script intends, with room to spare either way. */
export function expectationHolds(judgement: DayJudgement, expect: ScriptedDay['expect']): boolean {
  const {
    breaches,
    warnings,
    drawdownRoomCents: drawdown,
    dailyLossRoomCents: dailyLoss,
  } = judgement;
  if (warnings.length > 0) return false;
  switch (expect) {
    case 'ok':
      return breaches.length === 0 && drawdown >= MARGIN_CENTS && dailyLoss >= MARGIN_CENTS;
    case 'drawdown':
      return (
        breaches.join() === 'drawdown' && drawdown <= -MARGIN_CENTS && dailyLoss >= MARGIN_CENTS
      );
    case 'daily-loss':
      return (
        breaches.join() === 'daily-loss' && dailyLoss <= -MARGIN_CENTS && drawdown >= MARGIN_CENTS
      );
    case 'trading-hours':
      return (
        breaches.join() === 'trading-hours' && drawdown >= MARGIN_CENTS && dailyLoss >= MARGIN_CENTS
      );
  }
}

function json(value: unknown): Readable {
  return Readable.from([`${JSON.stringify(value, null, 2)}\n`]);
}

/**
 * Generates the demo firm: seed programs and rules, then for each of the `days` trading dates the nine
 * broker files of contracts/broker-files.md, streamed into `sink`, and finally the scenario manifest.
 * Deterministic: the same options give byte-identical files.
 */
export async function generateDemoData(
  input: DemoDataOptions,
  sink: DemoDataSink,
  onProgress?: (progress: DemoDataProgress) => void,
): Promise<DemoDataResult> {
  const options = demoDataOptionsSchema.parse(input);
  const { seed } = options;
  const days = tradingDays(options.endDate, options.days);
  const dates = days.map(formatDate);
  const firstDay = days[0]!;
  const files: string[] = [];
  const warnings: string[] = [];
  const rows = Object.fromEntries(FILE_KINDS.map((kind) => [kind, 0])) as Record<FileKind, number>;

  try {
    // The catalogue was set up a month before the first trading date.
    const createdAt = `${isoDate(firstDay - 30)}T14:00:00.000Z`;
    const programs = demoPrograms(createdAt);
    const rules = demoRules(createdAt);
    for (const [key, value] of [
      ['seed/programs.json', programs],
      ['seed/rules.json', rules],
    ] as const) {
      await sink.put(key, json(value), 'application/json');
      files.push(key);
    }
    const limitsByPrefix = new Map(
      programs.map((program) => [program.prefix, accountLimits(program, rules)]),
    );
    const limitsOf = (prefix: string) => limitsByPrefix.get(prefix)!;

    const traders = Array.from({ length: options.traders }, (_, index) =>
      drawTrader(seed, index + 1),
    );
    const runs = population(options, traders, firstDay, programs, limitsOf, dates.length);

    let market: MarketDay | null = null;
    for (const [index, day] of days.entries()) {
      const date = dates[index]!;
      market = marketDay(seed, day, market);
      const contracts = Object.fromEntries(
        (Object.keys(INSTRUMENTS) as Root[]).map((root) => [root, frontContract(root, day)]),
      ) as Record<Root, string>;
      const suffix = options.gzip ? '.csv.gz' : '.csv';
      const open = Object.fromEntries(
        FILE_KINDS.map((kind) => {
          const key = `broker/${date}/${kind}${suffix}`;
          files.push(key);
          return [kind, new CsvFile(sink, key, COLUMNS[kind], options.gzip)];
        }),
      ) as Record<FileKind, CsvFile>;
      try {
        const context = { seed, day, date, index, count: dates.length, market, contracts };
        await writeDate(context, traders, runs, open, warnings);
        await Promise.all(FILE_KINDS.map((kind) => open[kind].close()));
      } catch (error) {
        for (const kind of FILE_KINDS) open[kind].destroy();
        throw error;
      }
      for (const kind of FILE_KINDS) rows[kind] += open[kind].rows;
      onProgress?.({ date, index: index + 1, total: dates.length, rows: { ...rows } });
    }

    const manifest = scenarioManifest(seed, dates, traders.length, runs);
    await sink.put('seed/scenarios.json', json(manifest), 'application/json');
    files.push('seed/scenarios.json');
    return { dates, files, rows, manifest, warnings };
  } finally {
    await sink.close?.();
  }
}

/** One date folder: the lists, every account's day, and the revenue. */
async function writeDate(
  context: DayContext,
  traders: readonly DemoTrader[],
  runs: readonly AccountRun[],
  open: Record<FileKind, CsvFile>,
  warnings: string[],
): Promise<void> {
  const { seed, day, date } = context;
  for (const trader of traders) await open.traders.write(traderRow(trader));
  for (const run of runs) {
    const { account } = run;
    const status: RithmicStatus =
      run.failedOn !== null && account.rithmicStatus === 'Active'
        ? 'Admin Only'
        : account.rithmicStatus;
    await open.accounts.write(accountRow(account, status));
    await open.relationships.write(relationshipRow(account));
    // The broker reports no performance for an inactive account.
    if (status === 'Inactive') continue;

    const trades =
      status === 'Active' && !(run.state.passed && run.limits.phaseType === 'evaluation');
    const floorBeforeCents = run.state.floorCents;
    const { simulated, judgement } = trades
      ? tradeDay(run, context, warnings)
      : { simulated: null, judgement: judgeDay(run.limits, run.state, day, date, IDLE) };
    run.state = judgement.state;
    if (simulated && simulated.tradeCount > 0) run.tradingDays += 1;
    if (judgement.breaches.length > 0 && run.failedOn === null) {
      run.failedOn = date;
      run.breach = judgement.breaches[0]!;
    }
    if (judgement.state.passed && run.passedOn === null) run.passedOn = date;

    await open['daily-performance'].write(
      performanceRow(
        {
          account,
          date,
          balanceCents: run.state.balanceCents,
          floorCents: brokerFloorCents(account.accountId, floorBeforeCents, run.state.floorCents),
          tradingDaysSoFar: run.tradingDays,
        },
        simulated,
      ),
    );
    if (!simulated) continue;
    const { accountId: id } = account;
    for (const row of fillRows(id, date, day, simulated)) await open['daily-fills'].write(row);
    for (const row of tradeRows(id, date, simulated)) await open['daily-trades'].write(row);
    for (const row of symbolRows(id, date, simulated)) await open['daily-symbols'].write(row);
    const base = transactionBase(day, account.ordinal);
    for (const row of auditRows(account, date, day, simulated, base)) {
      await open['audit-trail'].write(row);
    }
  }
  for (const row of revenueRows(seed, day, date, runs.length)) {
    await open['daily-revenue'].write(row);
  }
}

function population(
  options: z.output<typeof demoDataOptionsSchema>,
  traders: readonly DemoTrader[],
  firstDay: number,
  programs: ReturnType<typeof demoPrograms>,
  limitsOf: (prefix: string) => AccountLimits,
  dateCount: number,
): AccountRun[] {
  const { seed } = options;
  const maxPerTrader = new Map(
    programs.map((program) => [
      program.prefix,
      program.phases[0]?.phaseManagement.maxAccountsPerTrader ?? 1,
    ]),
  );
  const programNames = new Map(programs.map((program) => [program.prefix, program.name]));
  const startingBalances = new Map(
    programs.map((program) => [program.prefix, limitsOf(program.prefix).startingBalanceCents]),
  );
  const held = traders.map(() => new Map<string, number>());
  const runs: AccountRun[] = [];
  const addRun = (account: DemoAccount, scenario: Scenario | null) => {
    const holdings = held[account.trader.number - 1]!;
    holdings.set(account.prefix, (holdings.get(account.prefix) ?? 0) + 1);
    const limits = limitsOf(account.prefix);
    runs.push({
      account,
      limits,
      scenario,
      scripted: new Map(scenario?.days.map((day) => [dateIndex(day, dateCount), day]) ?? []),
      state: initialState(limits),
      tradingDays: 0,
      failedOn: null,
      breach: null,
      passedOn: null,
    });
  };

  for (const scenario of SCENARIOS) {
    if (!fits(scenario, dateCount)) continue;
    const trader = traders[((scenario.traderNumber ?? scenario.ordinal) - 1) % traders.length]!;
    const random = randomFor(seed, 'scenario', scenario.name);
    const style = drawStyle(random, limitsOf(scenario.prefix).startingBalanceCents, true);
    addRun(
      {
        ordinal: scenario.ordinal,
        accountId: accountId(scenario.prefix, scenario.ordinal),
        name: `${trader.lastName}, ${trader.firstName} - ${programNames.get(scenario.prefix)}`,
        trader,
        prefix: scenario.prefix,
        rithmicStatus: scenario.rithmicStatus,
        pbtStatus: 'active',
        createdDate: formatDate(firstDay - random.int(1, 20)),
        style: {
          ...style,
          persona: 'steady',
          roots: scenario.roots,
          activity: 0.85,
          disciplined: true,
        },
      },
      scenario,
    );
  }
  for (const trader of traders) {
    for (let index = 0; index < options.accountsPerTrader; index += 1) {
      const ordinal = FIRST_DRAWN_ORDINAL + (trader.number - 1) * options.accountsPerTrader + index;
      const account = drawAccount({
        seed,
        trader,
        index,
        ordinal,
        firstDay,
        held: held[trader.number - 1]!,
        maxPerTrader,
        programNames,
        startingBalances,
      });
      addRun(account, null);
    }
  }
  return runs;
}

interface DayContext {
  seed: string;
  day: number;
  date: string;
  index: number;
  count: number;
  market: MarketDay;
  contracts: Readonly<Record<Root, string>>;
}

interface TradedDay {
  simulated: SimulatedDay | null;
  judgement: DayJudgement;
}

/**
 * Draws an account-day until it meets what the account is meant to do: a scripted outcome, or for a
 * disciplined trader no breach and no warning. Each attempt has its own random stream, so the result
 * depends only on the seed, the account and the date.
 */
function tradeDay(run: AccountRun, context: DayContext, warnings: string[]): TradedDay {
  const { account, limits, state } = run;
  const { style } = account;
  const scripted = run.scripted.get(context.index);
  const otherDays = run.scenario?.otherDays ?? 'organic';
  if (!scripted && otherDays === 'idle') {
    return { simulated: null, judgement: judgeDay(limits, state, context.day, context.date, IDLE) };
  }
  const activity = randomFor(context.seed, 'activity', account.ordinal, context.day);
  if (!scripted && !activity.chance(style.activity)) {
    return { simulated: null, judgement: judgeDay(limits, state, context.day, context.date, IDLE) };
  }

  const attempts = scripted ? SCRIPTED_ATTEMPTS : style.disciplined ? ORGANIC_ATTEMPTS : 1;
  let last: TradedDay | null = null;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const random = randomFor(context.seed, 'day', account.ordinal, context.day, attempt);
    const plan = scripted
      ? scriptedPlan(random, run, scripted, attempt)
      : organicPlan(random, run, otherDays === 'quiet', attempt);
    const simulated = simulateDay(
      { day: context.day, market: context.market, contracts: context.contracts },
      account.ordinal,
      plan,
      random,
    );
    const judgement = judgeDay(limits, state, context.day, context.date, simulated);
    last = { simulated, judgement };
    const wanted = scripted?.expect ?? 'ok';
    const keeps = scripted ? scripted.after : run.scenario?.quietKeeps;
    const accepted =
      (!style.disciplined && !scripted) ||
      (expectationHolds(judgement, wanted) &&
        (keeps === undefined || keeps(judgement.state, limits)) &&
        (!scripted || nearPlan(simulated.netCents, plan.targetNetCents)));
    if (accepted) return last;
  }
  if (scripted) {
    warnings.push(
      `${account.accountId} on ${context.date}: no draw gave the scripted '${scripted.expect}' outcome`,
    );
    return last!;
  }
  // A disciplined trader who cannot find a clean day sits it out.
  return { simulated: null, judgement: judgeDay(limits, state, context.day, context.date, IDLE) };
}

/** A scripted day lands within $75 or 8% of its planned net, so the story adds up. */
function nearPlan(netCents: number, targetCents: number): boolean {
  return Math.abs(netCents - targetCents) <= Math.max(7_500, Math.abs(targetCents) * 0.08);
}

/** Later attempts hold positions for shorter, so the day swings less around its planned path. */
function calmness(attempt: number): number {
  return Math.max(0.2, 1 - attempt * 0.08);
}

function scriptedPlan(random: Random, run: AccountRun, day: ScriptedDay, attempt: number): DayPlan {
  return {
    targetNetCents: day.netDollars * 100,
    roundTrips: random.int(2, 4),
    roots: run.account.style.roots,
    // A script may need the full position to make its day.
    sizeTenths: run.limits.maxPositionTenths,
    lateSession: day.lateSession ?? false,
    calm: calmness(attempt),
  };
}

function organicPlan(random: Random, run: AccountRun, quiet: boolean, attempt: number): DayPlan {
  const { style } = run.account;
  const { limits, state } = run;
  let target = quiet
    ? Math.round(random.normal(0, 6_000))
    : Math.round(random.normal(style.meanCents, style.deviationCents));
  if (style.disciplined) {
    // Disciplined traders risk less near their limits, and less again after a rejected draw.
    if (limits.dailyLoss) target = Math.max(target, -0.5 * limits.dailyLoss.maxCents);
    if (state.floorCents !== null)
      target = Math.max(target, -0.3 * (state.balanceCents - state.floorCents));
    target = Math.round(target * 0.75 ** attempt);
  }
  return {
    targetNetCents: target,
    roundTrips: quiet
      ? random.int(1, 2)
      : 1 + Math.floor(random.next() * (2 * style.roundTrips - 1)),
    roots: style.roots,
    sizeTenths: Math.min(style.sizeTenths, limits.maxPositionTenths),
    lateSession: false,
    calm: calmness(attempt),
  };
}

function scenarioManifest(
  seed: string,
  dates: readonly string[],
  traders: number,
  runs: readonly AccountRun[],
): ScenarioManifest {
  const accountsByProgram: Record<string, number> = {};
  const accountsByFinalStatus: Record<RithmicStatus, number> = {
    Active: 0,
    Inactive: 0,
    'Admin Only': 0,
  };
  const finalStatus = (run: AccountRun): RithmicStatus =>
    run.failedOn !== null && run.account.rithmicStatus === 'Active' && run.failedOn !== dates.at(-1)
      ? 'Admin Only'
      : run.account.rithmicStatus;
  for (const run of runs) {
    accountsByProgram[run.account.prefix] = (accountsByProgram[run.account.prefix] ?? 0) + 1;
    accountsByFinalStatus[finalStatus(run)] += 1;
  }
  return {
    seed,
    dates: [...dates],
    traders,
    accounts: runs.length,
    accountsByProgram,
    accountsByFinalStatus,
    scenarios: runs
      .filter((run) => run.scenario !== null)
      .map((run) => ({
        name: run.scenario!.name,
        description: run.scenario!.description,
        accountId: run.account.accountId,
        traderId: run.account.trader.traderId,
        program: run.account.prefix,
        phase: run.limits.phaseType,
        rithmicStatus: run.account.rithmicStatus,
        finalRithmicStatus: finalStatus(run),
        scriptedDates: [...run.scripted.keys()].sort((a, b) => a - b).map((index) => dates[index]!),
        passedOn: run.passedOn,
        failedOn: run.failedOn,
        breach: run.breach,
        finalBalance: run.state.balanceCents / 100,
        tradingDays: run.tradingDays,
      })),
  };
}
