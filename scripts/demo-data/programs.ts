import {
  phaseSchema,
  programSchema,
  type PhaseRuleReference,
  type Program,
} from '@shared/programs/program';
import { currentPhaseOf } from '@shared/programs/current-phase';
import {
  ruleDefinitionSchema,
  type RuleCategory,
  type RuleDefinition,
} from '@shared/rules/rule-definition';
import {
  ruleParametersSchemas,
  type RuleParametersByCategory,
} from '@shared/rules/rule-parameters';
import type * as z from 'zod';

/**
 * The programs and rule definitions the demo firm runs, built from spec 001's rule templates (§5) and
 * constants (§9), with amounts taken from how the large futures evaluation firms publish their rules.
 * The generator reads its accounts' limits from these same objects, so the files and the judgement
 * agree on every threshold.
 */

type RuleInput = z.input<typeof ruleDefinitionSchema>;

const CREATED_BY = 'admin@example.com';

/** CME futures the firm allows: the six the demo traders trade and a few more. */
const ALLOWED_INSTRUMENTS = [
  { symbol: 'ES', description: 'E-mini S&P 500', positionFactor: 1 },
  { symbol: 'MES', description: 'Micro E-mini S&P 500', positionFactor: 0.1 },
  { symbol: 'NQ', description: 'E-mini Nasdaq-100', positionFactor: 1 },
  { symbol: 'MNQ', description: 'Micro E-mini Nasdaq-100', positionFactor: 0.1 },
  { symbol: 'YM', description: 'E-mini Dow', positionFactor: 1 },
  { symbol: 'MYM', description: 'Micro E-mini Dow', positionFactor: 0.1 },
  { symbol: 'RTY', description: 'E-mini Russell 2000', positionFactor: 1 },
  { symbol: 'M2K', description: 'Micro E-mini Russell 2000', positionFactor: 0.1 },
  { symbol: 'CL', description: 'Crude Oil', positionFactor: 1, instrumentType: 'commodity' },
  {
    symbol: 'MCL',
    description: 'Micro Crude Oil',
    positionFactor: 0.1,
    instrumentType: 'commodity',
  },
  { symbol: 'GC', description: 'Gold', positionFactor: 1, instrumentType: 'commodity' },
  { symbol: 'MGC', description: 'Micro Gold', positionFactor: 0.1, instrumentType: 'commodity' },
];

interface RuleTemplate {
  ruleId: string;
  name: string;
  description: string;
  category: RuleCategory;
  testClassName: string;
  testParameters: Record<string, unknown>;
  action: RuleInput['action'];
  successMessage: string;
  failureMessage: string;
  warningMessage?: string;
  tags: string[];
  dataSource: 'daily-performance' | 'fills';
  documentation?: string;
}

const fails = (description: string) =>
  ({ type: 'termination', description, immediate: true, requiresApproval: false }) as const;

const TEMPLATES: RuleTemplate[] = [
  {
    ruleId: 'drawdown-eod',
    name: 'EOD Trailing Drawdown',
    description: 'The balance must stay above a floor that trails the end-of-day balance.',
    category: 'drawdown',
    testClassName: 'DrawdownRule',
    testParameters: { maxDrawdown: 2000, resetType: 'eod', lockOffset: 0 },
    action: fails('The account fails when the balance falls below the floor.'),
    successMessage: 'Drawdown {actual} within the {target} allowed',
    failureMessage: 'Balance fell below the trailing floor: drawdown {actual} of {target}',
    warningMessage: 'Drawdown {actual} is close to the {target} allowed',
    tags: ['drawdown', 'trailing'],
    dataSource: 'daily-performance',
    documentation:
      'The floor rises with each end-of-day balance and locks at the starting balance.',
  },
  {
    ruleId: 'drawdown-trailing',
    name: 'Real-Time Trailing Drawdown',
    description: 'The balance must stay above a floor that trails the intraday high in real time.',
    category: 'drawdown',
    testClassName: 'DrawdownRule',
    testParameters: { maxDrawdown: 3000, resetType: 'trailing', lockOffset: 100 },
    action: fails('The account is liquidated and fails when the balance touches below the floor.'),
    successMessage: 'Drawdown {actual} within the {target} allowed',
    failureMessage: 'Balance fell below the trailing floor: drawdown {actual} of {target}',
    warningMessage: 'Drawdown {actual} is close to the {target} allowed',
    tags: ['drawdown', 'trailing', 'intraday'],
    dataSource: 'daily-performance',
    documentation:
      'The floor trails the highest intraday balance and locks at the start plus $100.',
  },
  {
    ruleId: 'drawdown-daily-highs',
    name: 'Daily-High Trailing Drawdown',
    description: "The balance must stay above a floor that trails each day's intraday high.",
    category: 'drawdown',
    testClassName: 'DrawdownRule',
    testParameters: { maxDrawdown: 4500, resetType: 'daily-highs', lockOffset: 0 },
    action: fails('The account fails when the balance falls below the floor.'),
    successMessage: 'Drawdown {actual} within the {target} allowed',
    failureMessage: 'Balance fell below the trailing floor: drawdown {actual} of {target}',
    tags: ['drawdown', 'trailing'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'drawdown-static',
    name: 'Maximum Loss',
    description: 'The balance must stay above the starting balance less the maximum loss.',
    category: 'drawdown',
    testClassName: 'DrawdownRule',
    testParameters: { maxDrawdown: 3000, resetType: 'static' },
    action: fails('The account fails when the balance falls below the maximum loss.'),
    successMessage: 'Loss {actual} within the {target} allowed',
    failureMessage: 'Maximum loss exceeded: {actual} of {target}',
    tags: ['drawdown', 'static'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'daily-loss-limit',
    name: 'Daily Loss Limit',
    description: "A day's loss, open positions included, must stay below the limit.",
    category: 'daily-loss',
    testClassName: 'DailyLossRule',
    testParameters: { maxDailyLoss: 1000, kind: 'fail' },
    action: {
      type: 'liquidation',
      description: 'Positions are closed and the account fails.',
      immediate: true,
      requiresApproval: false,
    },
    successMessage: 'Daily loss {actual} within the {target} limit',
    failureMessage: 'Daily loss limit hit: {actual} against {target}',
    warningMessage: 'Daily loss {actual} is close to the {target} limit',
    tags: ['risk', 'daily'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'daily-loss-pause',
    name: 'Daily Loss Pause',
    description: 'Trading stops for the day when the loss reaches the limit; the account goes on.',
    category: 'daily-loss',
    testClassName: 'DailyLossRule',
    testParameters: { maxDailyLoss: 2000, kind: 'pause' },
    action: {
      type: 'block-new-trades',
      description: 'New orders are blocked until the next session.',
      immediate: true,
      requiresApproval: false,
    },
    successMessage: 'Daily loss {actual} within the {target} limit',
    failureMessage: 'Trading paused for the day: loss {actual} against {target}',
    warningMessage: 'Daily loss {actual} is close to the {target} limit',
    tags: ['risk', 'daily', 'soft'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'profit-target',
    name: 'Profit Target',
    description: 'Reach the profit target to pass the phase.',
    category: 'profit-target',
    testClassName: 'ProfitTargetRule',
    testParameters: { target: 3000, type: 'absolute' },
    action: {
      type: 'graduation',
      description: 'The phase is passed once every benchmark is met.',
      immediate: false,
      requiresApproval: true,
    },
    successMessage: 'Profit target reached: {actual} of {target}',
    failureMessage: 'Profit {actual} of the {target} target',
    tags: ['benchmark', 'target'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'profit-target-percent',
    name: 'Profit Target (percent)',
    description: 'Reach a profit of a percentage of the starting balance to pass the phase.',
    category: 'profit-target',
    testClassName: 'ProfitTargetRule',
    testParameters: { target: 6, type: 'percentage' },
    action: {
      type: 'graduation',
      description: 'The phase is passed once every benchmark is met.',
      immediate: false,
      requiresApproval: true,
    },
    successMessage: 'Profit target reached: {actual} of {target}',
    failureMessage: 'Profit {actual} of the {target} target',
    tags: ['benchmark', 'target'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'consistency-daily',
    name: 'Consistency (best day)',
    description: 'No single day may make up the limit or more of the total profit.',
    category: 'consistency',
    testClassName: 'ConsistencyRule',
    testParameters: { minConsistency: 0.5, period: 'daily' },
    action: {
      type: 'none',
      description: 'The phase cannot be passed until the profit is spread out.',
      immediate: false,
      requiresApproval: false,
    },
    successMessage: 'Best day {actual} of the total, below {target}',
    failureMessage: 'Best day is {actual} of the total; it must be below {target}',
    tags: ['benchmark', 'consistency'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'consistency-weekly',
    name: 'Consistency (best week)',
    description: 'No single week may make up the limit or more of the total profit.',
    category: 'consistency',
    testClassName: 'ConsistencyRule',
    testParameters: { minConsistency: 0.4, period: 'weekly' },
    action: {
      type: 'payout',
      description: 'Payouts wait until the profit is spread out.',
      immediate: false,
      requiresApproval: false,
    },
    successMessage: 'Best week {actual} of the total, below {target}',
    failureMessage: 'Best week is {actual} of the total; it must be below {target}',
    tags: ['benchmark', 'consistency', 'payout'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'minimum-trading-days',
    name: 'Minimum Trading Days',
    description: 'Trade on at least the minimum number of days.',
    category: 'trading-days',
    testClassName: 'TradingDaysRule',
    testParameters: { minDays: 5 },
    action: {
      type: 'none',
      description: 'The phase cannot be passed before the minimum days.',
      immediate: false,
      requiresApproval: false,
    },
    successMessage: '{actual} trading days of the {target} required',
    failureMessage: '{actual} trading days of the {target} required',
    tags: ['benchmark', 'days'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'winning-days-payout',
    name: 'Winning Days for Payout',
    description:
      'Close at least the minimum number of days with the minimum profit before a payout.',
    category: 'trading-days',
    testClassName: 'TradingDaysRule',
    testParameters: { minDays: 5, requireProfit: true, minProfit: 200 },
    action: {
      type: 'payout',
      description: 'A payout can be requested once the winning days are reached.',
      immediate: false,
      requiresApproval: true,
    },
    successMessage: '{actual} winning days of the {target} required',
    failureMessage: '{actual} winning days of the {target} required',
    tags: ['benchmark', 'days', 'payout'],
    dataSource: 'daily-performance',
  },
  {
    ruleId: 'allowed-instruments',
    name: 'Allowed Instruments',
    description: 'Trade only the CME futures the firm allows.',
    category: 'instruments',
    testClassName: 'InstrumentsRule',
    testParameters: { allowedInstruments: ALLOWED_INSTRUMENTS, strictMode: false },
    action: fails('The account fails on a fill in an instrument that is not allowed.'),
    successMessage: 'Only allowed instruments traded',
    failureMessage: 'Traded an instrument that is not allowed: {actual}',
    tags: ['instruments'],
    dataSource: 'fills',
  },
  {
    ruleId: 'trading-hours-cme',
    name: 'Trading Hours',
    description: 'Trade between the 17:00 open and 15:10 Central; be flat before the close.',
    category: 'trading-hours',
    testClassName: 'TradingHoursRule',
    testParameters: { openTime: '17:00', closeTime: '15:10', timezone: 'America/Chicago' },
    action: fails('The account fails on a fill outside the trading hours.'),
    successMessage: 'Every fill inside the trading hours',
    failureMessage: 'Fill outside the trading hours at {actual}',
    tags: ['hours', 'session'],
    dataSource: 'fills',
  },
  {
    ruleId: 'max-position-size',
    name: 'Maximum Position Size',
    description: 'Hold at most the maximum number of contracts (micros count a tenth).',
    category: 'position-size',
    testClassName: 'PositionSizeRule',
    testParameters: { maxPositionSize: 5, instruments: ALLOWED_INSTRUMENTS },
    action: fails('The account fails when the position exceeds the maximum.'),
    successMessage: 'Largest position {actual} of the {target} allowed',
    failureMessage: 'Position of {actual} contracts exceeds the {target} allowed',
    tags: ['risk', 'position'],
    dataSource: 'fills',
  },
  {
    ruleId: 'flat-by-close',
    name: 'No Overnight Positions',
    description: 'Every position must be closed by the end of the session.',
    category: 'overnight-holding',
    testClassName: 'OvernightHoldingRule',
    testParameters: { allowedInstruments: [], closeTime: '15:10' },
    action: fails('The account fails when it holds a position overnight.'),
    successMessage: 'Flat at the close',
    failureMessage: 'Position held past the close: {actual}',
    tags: ['risk', 'session'],
    dataSource: 'fills',
  },
  {
    ruleId: 'news-blackout',
    name: 'Tier-1 News Blackout',
    description: 'No fills within the buffer around tier-1 economic releases.',
    category: 'news-trading',
    testClassName: 'NewsTradingRule',
    testParameters: {
      newsEvents: [
        { title: 'Employment Situation (NFP)', date: '2026-03-06', time: '08:30' },
        { title: 'CPI', date: '2026-03-11', time: '08:30' },
        { title: 'FOMC statement', date: '2026-03-18', time: '14:00' },
      ],
      bufferMinutes: 2,
    },
    action: fails('The account fails on a fill inside a news blackout.'),
    successMessage: 'No fills around the news',
    failureMessage: 'Fill within the news blackout at {actual}',
    tags: ['news'],
    dataSource: 'fills',
    documentation: 'Offered in the catalogue; no demo program uses it yet.',
  },
  {
    ruleId: 'inactivity-30',
    name: 'Inactivity',
    description: 'Trade at least once every 30 calendar days.',
    category: 'inactivity',
    testClassName: 'InactivityRule',
    testParameters: { maxInactiveDays: 30 },
    action: {
      type: 'warning',
      description: 'The trader is reminded; the account may be closed.',
      immediate: false,
      requiresApproval: true,
    },
    successMessage: '{actual} days since the last trade',
    failureMessage: 'No trade for {actual} days (limit {target})',
    tags: ['activity'],
    dataSource: 'daily-performance',
    documentation: 'Offered in the catalogue; no demo program uses it yet.',
  },
];

/** The version every seeded rule is created at; the seeded programs pin it. */
export const DEMO_RULE_VERSION = 1;

/** The rule catalogue to seed, validated with the shared rule-definition schema. */
export function demoRules(createdAt: string): RuleDefinition[] {
  return TEMPLATES.map((template, index) =>
    ruleDefinitionSchema.parse({
      ...template,
      enabled: true,
      isActive: true,
      // Spec 001 §9: rules from a template start at priority 2, version 1.0.0.
      priority: 2 + index,
      version: '1.0.0',
      parameterValidation: Object.keys(template.testParameters).map((parameterName) => ({
        parameterName,
        required: !['lockOffset', 'strictMode', 'kind'].includes(parameterName),
      })),
      examples: [],
      createdAt,
      updatedAt: createdAt,
      ruleVersion: DEMO_RULE_VERSION,
    } satisfies RuleInput),
  );
}

type Reference = [ruleId: string, overrides?: Record<string, number>];

interface PhaseSpec {
  prefix: string;
  name: string;
  description: string;
  programType: Program['type'];
  phaseType: Program['phases'][number]['type'];
  size: number;
  nextProgram?: string;
  fees: Program['phases'][number]['fees'];
  payoutEligible: boolean;
  /** A payout phase's payout parameters (buffer, minimum, maximum, profit split). */
  payout?: Program['phases'][number]['phaseManagement']['payout'];
  maxAccountsPerTrader: number;
  rules: Reference[];
}

const evaluationFees = (monthly: number, reset: number): PhaseSpec['fees'] => [
  {
    type: 'purchase',
    fee: monthly,
    recurring: 'monthly',
    description: 'Monthly subscription',
    feeCurrency: 'USD',
  },
  { type: 'reset', fee: reset, recurring: 'one-time', description: 'Reset', feeCurrency: 'USD' },
];

const SESSION_RULES: Reference[] = [
  ['allowed-instruments'],
  ['trading-hours-cme'],
  ['flat-by-close'],
];

const PHASES: PhaseSpec[] = [
  {
    prefix: 'EVAL50K',
    name: '50K Evaluation',
    description: 'One-step evaluation on a $50,000 account.',
    programType: 'eval',
    phaseType: 'evaluation',
    size: 50_000,
    nextProgram: 'SIMF100K',
    fees: evaluationFees(165, 99),
    payoutEligible: false,
    maxAccountsPerTrader: 10,
    rules: [
      ['drawdown-eod', { maxDrawdown: 2000 }],
      ['daily-loss-limit', { maxDailyLoss: 1000 }],
      ['profit-target', { target: 3000 }],
      ['consistency-daily'],
      ['minimum-trading-days', { minDays: 5 }],
      ['max-position-size', { maxPositionSize: 5 }],
      ...SESSION_RULES,
    ],
  },
  {
    prefix: 'EVAL100K',
    name: '100K Evaluation',
    description: 'One-step evaluation on a $100,000 account with a real-time trailing drawdown.',
    programType: 'eval',
    phaseType: 'evaluation',
    size: 100_000,
    nextProgram: 'SIMF100K',
    fees: evaluationFees(265, 129),
    payoutEligible: false,
    maxAccountsPerTrader: 10,
    rules: [
      ['drawdown-trailing', { maxDrawdown: 3000 }],
      ['daily-loss-limit', { maxDailyLoss: 2000 }],
      ['profit-target-percent', { target: 6 }],
      ['consistency-daily'],
      ['minimum-trading-days', { minDays: 5 }],
      ['max-position-size', { maxPositionSize: 10 }],
      ...SESSION_RULES,
    ],
  },
  {
    prefix: 'EVAL150K',
    name: '150K Evaluation',
    description: 'One-step evaluation on a $150,000 account; the floor trails daily highs.',
    programType: 'eval',
    phaseType: 'evaluation',
    size: 150_000,
    nextProgram: 'SIMF100K',
    fees: evaluationFees(375, 149),
    payoutEligible: false,
    maxAccountsPerTrader: 10,
    rules: [
      ['drawdown-daily-highs', { maxDrawdown: 4500 }],
      ['daily-loss-limit', { maxDailyLoss: 3000 }],
      ['profit-target', { target: 9000 }],
      ['consistency-daily'],
      ['minimum-trading-days', { minDays: 5 }],
      ['max-position-size', { maxPositionSize: 15 }],
      ...SESSION_RULES,
    ],
  },
  {
    prefix: 'SIMF100K',
    name: '100K Sim Funded',
    description: 'Simulated funded account for traders who passed an evaluation; payouts follow.',
    programType: 'sim-funded',
    phaseType: 'sim-funded',
    size: 100_000,
    nextProgram: 'LIVE100K',
    fees: [
      {
        type: 'purchase',
        fee: 130,
        recurring: 'one-time',
        description: 'Activation',
        feeCurrency: 'USD',
      },
    ],
    payoutEligible: true,
    payout: { buffer: 1_000, minAmount: 500, profitSplit: 80 },
    maxAccountsPerTrader: 5,
    rules: [
      ['drawdown-eod', { maxDrawdown: 3000, lockOffset: 100 }],
      ['daily-loss-pause', { maxDailyLoss: 2000 }],
      ['consistency-daily', { minConsistency: 0.3 }],
      ['winning-days-payout', { minDays: 5, minProfit: 200 }],
      ['max-position-size', { maxPositionSize: 10 }],
      ...SESSION_RULES,
    ],
  },
  {
    prefix: 'LIVE100K',
    name: '100K Live Funded',
    description: 'Live account at the clearing firm for proven traders.',
    programType: 'live-funded',
    phaseType: 'live-funded',
    size: 100_000,
    fees: [],
    payoutEligible: true,
    payout: { buffer: 2_000, minAmount: 1_000, maxAmount: 10_000, profitSplit: 90 },
    maxAccountsPerTrader: 3,
    rules: [
      ['drawdown-static', { maxDrawdown: 3000 }],
      ['daily-loss-limit', { maxDailyLoss: 2000 }],
      ['consistency-weekly'],
      ['winning-days-payout', { minDays: 8, minProfit: 250 }],
      ['max-position-size', { maxPositionSize: 10 }],
      ...SESSION_RULES,
    ],
  },
  {
    prefix: 'DEMO50K',
    name: '50K Demo',
    description: 'Free practice account; nothing is at stake.',
    programType: 'demo',
    phaseType: 'demo',
    size: 50_000,
    fees: [],
    payoutEligible: false,
    maxAccountsPerTrader: 3,
    rules: [
      ['drawdown-static', { maxDrawdown: 5000 }],
      ['max-position-size', { maxPositionSize: 10 }],
      ['allowed-instruments'],
    ],
  },
];

/** Program prefixes, in the order the population draws them from. */
export const PROGRAM_PREFIXES = PHASES.map((phase) => phase.prefix);
export type ProgramPrefix = (typeof PROGRAM_PREFIXES)[number];

/** The programs to seed, validated with the shared program schema. */
export function demoPrograms(createdAt: string): Program[] {
  return PHASES.map((spec) => {
    const phaseId = spec.phaseType;
    const references: PhaseRuleReference[] = spec.rules.map(([ruleId, overrides], index) => ({
      ruleId,
      // Seeded rules are each at their first version, and programs pin it (decision 36).
      ruleVersion: DEMO_RULE_VERSION,
      enabled: true,
      priority: (index + 1) * 10,
      parameterOverrides: overrides ?? {},
      customMessages: {},
    }));
    const phase = phaseSchema.parse({
      phaseId,
      phaseName: spec.name,
      description: spec.description,
      type: spec.phaseType,
      accountSize: spec.size,
      startingBalance: spec.size,
      currency: 'USD',
      ...(spec.nextProgram && { nextPhase: spec.nextProgram, isNextAProgram: true }),
      rules: { programId: spec.prefix, phaseId, evaluationOrder: 'priority', rules: references },
      fees: spec.fees,
      phaseManagement: {
        payoutEligible: spec.payoutEligible,
        maxAccountsPerTrader: spec.maxAccountsPerTrader,
        ...(spec.payout && { payout: spec.payout }),
      },
    });
    const slug = spec.prefix.toLowerCase();
    return programSchema.parse({
      prefix: spec.prefix,
      name: spec.name,
      description: spec.description,
      type: spec.programType,
      status: 'active',
      currentPhase: phaseId,
      createdBy: CREATED_BY,
      version: 1,
      phases: [phase],
      urls: {
        purchaseUrl: `https://deskline.example/programs/${slug}/purchase`,
        resetUrl:
          spec.phaseType === 'evaluation' ? `https://deskline.example/programs/${slug}/reset` : '',
        cancelUrl: `https://deskline.example/programs/${slug}/cancel`,
      },
      createdAt,
      updatedAt: createdAt,
    });
  });
}

/** What the generator needs of a program's rules, with money in cents. */
export interface AccountLimits {
  prefix: string;
  phaseType: Program['phases'][number]['type'];
  startingBalanceCents: number;
  drawdown: { maxCents: number; resetType: string; lockOffsetCents: number | null } | null;
  dailyLoss: { maxCents: number; hard: boolean } | null;
  profitTargetCents: number | null;
  consistency: { limit: number; period: 'daily' | 'weekly' | 'monthly' } | null;
  tradingDays: { minDays: number; minProfitCents: number | null } | null;
  /** Largest position in tenths of a standard contract. */
  maxPositionTenths: number;
}

const cents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Resolves a program's current phase against the catalogue the way the engine does (overrides
 * replace test parameters, the first enabled rule of a category wins) into the limits the generator
 * steers its accounts by.
 */
export function accountLimits(program: Program, rules: readonly RuleDefinition[]): AccountLimits {
  const phase = currentPhaseOf(program);
  if (!phase) throw new Error(`Program ${program.prefix} has no current phase`);
  const byId = new Map(rules.map((rule) => [rule.ruleId, rule]));
  const parameters = <C extends RuleCategory>(category: C): RuleParametersByCategory[C] | null => {
    for (const reference of phase.rules.rules) {
      const rule = byId.get(reference.ruleId);
      if (!reference.enabled || rule?.category !== category) continue;
      const merged = { ...rule.testParameters, ...reference.parameterOverrides };
      return ruleParametersSchemas[category].parse(merged) as RuleParametersByCategory[C];
    }
    return null;
  };
  const start = cents(phase.startingBalance);
  const drawdown = parameters('drawdown');
  const dailyLoss = parameters('daily-loss');
  const target = parameters('profit-target');
  const consistency = parameters('consistency');
  const days = parameters('trading-days');
  const position = parameters('position-size');
  return {
    prefix: program.prefix,
    phaseType: phase.type,
    startingBalanceCents: start,
    drawdown: drawdown && {
      maxCents: cents(drawdown.maxDrawdown),
      resetType: drawdown.resetType,
      lockOffsetCents: drawdown.lockOffset === undefined ? null : cents(drawdown.lockOffset),
    },
    dailyLoss: dailyLoss && {
      maxCents: cents(dailyLoss.maxDailyLoss),
      hard: dailyLoss.kind === 'fail',
    },
    profitTargetCents:
      target &&
      (target.type === 'absolute'
        ? cents(target.target)
        : Math.round((start * target.target) / 100)),
    consistency: consistency && { limit: consistency.minConsistency, period: consistency.period },
    tradingDays: days && {
      minDays: days.minDays,
      minProfitCents: days.requireProfit ? cents(days.minProfit ?? 0) : null,
    },
    maxPositionTenths: position ? Math.floor(position.maxPositionSize * 10) : 200,
  };
}
