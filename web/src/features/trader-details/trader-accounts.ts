import type { AccountPhase } from '@shared/accounts/account';
import type { PhaseRuleReference } from '@shared/programs/program';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import type { TraderAccount } from '@shared/traders/trader-account';
import { PHASE_TITLES } from '@/components/account-groups/account-groups';

/**
 * What the Trader Details page derives from `GET /api/traders/details/{id}`: which of the five
 * sections an account belongs to, and the per-account row's progress (spec 000 §2, §9).
 */

/** Spec 000 §9: what the per-account row assumes where the account has no rule saying otherwise. */
export const ASSUMED_MIN_DAYS = 30;
export const DEFAULT_STARTING_BALANCE = 100_000;
export const DEFAULT_MAX_DRAWDOWN_SHARE = 0.04;

/** Spec 000 §2: the accounts overview labels sim-funded PERFORMANCE. */
export const OVERVIEW_PHASE_TITLES: Record<AccountPhase, string> = {
  ...PHASE_TITLES,
  'sim-funded': 'PERFORMANCE',
};

export type SectionKey =
  'sim-funded' | 'live-funded' | 'evaluation' | 'demo' | 'busted' | 'inactive';

/**
 * The section of an account (decisions in docs/decisions.md): Busted = Admin Only or judged failed;
 * Inactive = the broker's Inactive (not failed); otherwise the active account's phase: Sim-Funded,
 * Live-Funded, Evaluation or Demo. Every account is in exactly one section.
 */
export function sectionOf(account: TraderAccount): SectionKey {
  if (account.rithmicStatus === 'Admin Only' || account.status === 'failed') return 'busted';
  if (account.rithmicStatus === 'Inactive') return 'inactive';
  return account.phase;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `Profit Target` → `profit-target`, to match ids and names as the spec does (§9). */
function slug(text: string | undefined): string {
  return (text ?? '').toLowerCase().replace(/\s+/g, '-');
}

/**
 * Spec 000 §9: a rule is about `key` (profit-target, drawdown, trading-days) when its category is
 * that, or its id or name contains it.
 */
function ruleMatches(rule: RuleDefinition, key: string): boolean {
  return (
    rule.category === key ||
    slug(rule.ruleId ?? rule._id).includes(key) ||
    slug(rule.name).includes(key)
  );
}

/** A parameter of the account's first enabled phase rule about `key`: the override, else the definition's. */
function phaseParameter(
  references: readonly PhaseRuleReference[],
  definitions: ReadonlyMap<string, RuleDefinition>,
  key: string,
  parameter: string,
  accept: (reference: PhaseRuleReference, rule: RuleDefinition) => boolean = () => true,
): { value: number; reference: PhaseRuleReference; rule: RuleDefinition } | undefined {
  for (const reference of references) {
    const rule = definitions.get(reference.ruleId);
    if (!reference.enabled || rule === undefined || !ruleMatches(rule, key)) continue;
    if (!accept(reference, rule)) continue;
    const value =
      numberOf(reference.parameterOverrides[parameter]) ?? numberOf(rule.testParameters[parameter]);
    if (value !== undefined) return { value, reference, rule };
  }
  return undefined;
}

export interface RowTargets {
  startingBalance: number;
  /** The profit-target amount above the starting balance; null without a target. */
  profitTarget: number | null;
  maxDrawdown: number;
  minDays: number;
  /** What the days bar counts: days traded, or days toward a payout in a payout phase (decision 35). */
  daysLabel: 'Trading days' | 'Payout days';
  /** Which figures are the spec's assumptions rather than the account's own. */
  assumed: { startingBalance: boolean; maxDrawdown: boolean; minDays: boolean };
}

/**
 * The per-account row's targets: the account's summary and its phase rules first; 100,000 start,
 * 4% drawdown and 30 days only where nothing says otherwise (spec 000 §9).
 */
export function rowTargets(
  account: TraderAccount,
  definitions: ReadonlyMap<string, RuleDefinition>,
): RowTargets {
  const summary = account.accountSummary;
  const references = account.phaseRules ?? [];
  const knownStart = summary?.startingBalance ?? account.program?.currentPhaseData.startingBalance;
  const startingBalance = knownStart ?? DEFAULT_STARTING_BALANCE;

  const targetRule = phaseParameter(references, definitions, 'profit-target', 'target');
  const ruleTarget =
    targetRule === undefined
      ? undefined
      : (targetRule.reference.parameterOverrides.type ?? targetRule.rule.testParameters.type) ===
          'percentage'
        ? (startingBalance * targetRule.value) / 100
        : targetRule.value;
  const profitTarget = summary?.profitTarget ?? ruleTarget ?? null;

  // The engine's own drawdown figures first (decision 34), the phase rule's for older records.
  const judged = summary?.drawdown ?? undefined;
  const drawdownRule = phaseParameter(references, definitions, 'drawdown', 'maxDrawdown');
  const maxDrawdown =
    judged?.maxDrawdown ?? drawdownRule?.value ?? startingBalance * DEFAULT_MAX_DRAWDOWN_SHARE;

  // A days rule that asks for profitable days is a payout rule, not the phase's minimum.
  const daysRule = phaseParameter(
    references,
    definitions,
    'trading-days',
    'minDays',
    (reference, rule) =>
      (reference.parameterOverrides.requireProfit ?? rule.testParameters.requireProfit) !== true,
  );
  const payoutDays = summary?.payoutDaysRequired ?? null;
  const minDays =
    payoutDays ?? summary?.minTradingDaysRequired ?? daysRule?.value ?? ASSUMED_MIN_DAYS;

  return {
    startingBalance,
    profitTarget,
    maxDrawdown,
    minDays,
    daysLabel: payoutDays === null ? 'Trading days' : 'Payout days',
    assumed: {
      startingBalance: knownStart === undefined,
      maxDrawdown: judged === undefined && drawdownRule === undefined,
      minDays:
        payoutDays === null && summary?.minTradingDaysRequired == null && daysRule === undefined,
    },
  };
}

export interface RowProgress {
  /** Percentages before capping. */
  profit: number;
  drawdown: number;
  days: number;
  balance: number;
  drawdownAmount: number;
  tradingDays: number;
}

/**
 * Spec 000 §9: profit = (latest − start) / target; drawdown = the engine's drawdown used on the
 * last judged day (decision 34: the floor as it trailed and locked), or peak (at least the start) −
 * latest for a record stored before it; days = days with trades (or payout days) against the minimum.
 */
export function rowProgress(account: TraderAccount, targets: RowTargets): RowProgress {
  const summary = account.accountSummary;
  const balance = summary?.currentBalance ?? account.summary?.balance ?? targets.startingBalance;
  const peak = Math.max(targets.startingBalance, summary?.peakBalance ?? balance, balance);
  const judged = summary?.drawdown ?? undefined;
  const drawdownAmount = judged ? judged.decided : Math.max(0, peak - balance);
  const tradingDays =
    (targets.daysLabel === 'Payout days'
      ? summary?.payoutDaysCompleted
      : summary?.tradingDaysCompleted) ?? 0;
  const drawdownShare = judged
    ? judged.usage
    : targets.maxDrawdown > 0
      ? drawdownAmount / targets.maxDrawdown
      : 0;
  return {
    profit: targets.profitTarget
      ? ((balance - targets.startingBalance) / targets.profitTarget) * 100
      : 0,
    drawdown: drawdownShare * 100,
    days: targets.minDays > 0 ? (tradingDays / targets.minDays) * 100 : 100,
    balance,
    drawdownAmount,
    tradingDays,
  };
}

/** The rule definitions of the details answer by id. */
export function definitionsById(rules: readonly RuleDefinition[]): Map<string, RuleDefinition> {
  const map = new Map<string, RuleDefinition>();
  for (const rule of rules) {
    const id = rule.ruleId ?? rule._id;
    if (id) map.set(id, rule);
  }
  return map;
}
