import { jsonResponse } from '../../support/fetch-mock';
import { ruleDefinitionSchema, type RuleDefinition } from '@shared/rules/rule-definition';
import type { DashboardData, AttentionData, DashboardRow } from '@shared/dashboard/dashboard-api';
import type { AccountSummaryRecord } from '@shared/summaries/account-summary-record';
import type { TraderAccount } from '@shared/traders/trader-account';
import type { Trader } from '@shared/traders/trader';
import type { Violation } from '@shared/rules/conformance';
import { accountDetail } from '../accounts/account-fixtures';
import { drawdownRule, profitTargetRule, tradingDaysRule } from '../programs/program-fixtures';

/** Traders, their accounts and the dashboard as the API answers them, for the trader-details tests. */

export const trader: Trader = {
  traderId: 'TR000001',
  firstName: 'Robert',
  lastName: 'Dubois',
  username: 'robert.dubois1',
  email: 'robert@example.com',
  phoneNumber: '+1-312-555-0175',
  status: 'enabled',
  accounts: [],
  brokers: [],
  fingerprints: [],
  ipAddresses: [],
  phone: {},
};

export function summaryRecord(overrides: Partial<AccountSummaryRecord> = {}): AccountSummaryRecord {
  return { ...accountDetail().summary!, traderId: trader.traderId, ...overrides };
}

export function traderAccount(overrides: Partial<TraderAccount> = {}): TraderAccount {
  return {
    accountId: 'EVAL50-1001',
    name: 'Dubois - 50K Evaluation',
    traderId: trader.traderId,
    email: trader.email,
    currency: 'USD',
    phase: 'evaluation',
    type: 'eval',
    status: 'active',
    rithmicStatus: 'Active',
    resetCount: 0,
    summary: { balance: 51_000, equity: 51_000 },
    program: {
      prefix: 'EVAL50',
      name: 'Evaluation 50K',
      version: 1,
      currentPhase: 'phase-1',
      currentPhaseData: { type: 'evaluation', startingBalance: 50_000 },
      assignedExplicitly: false,
    },
    accountSummary: summaryRecord({ accountId: 'EVAL50-1001' }),
    ...overrides,
  };
}

const reference = (ruleId: string, parameterOverrides: Record<string, unknown> = {}) => ({
  ruleId,
  enabled: true,
  priority: 100,
  parameterOverrides,
  customMessages: {},
});

/**
 * Five accounts, one per section, plus an active demo account: the evaluation account has its own
 * drawdown rule (overridden to 2,500) and days rule; the funded one has none and no summary, so its
 * row uses the spec's assumptions.
 */
export const traderAccounts: TraderAccount[] = [
  traderAccount({
    phaseRules: [
      reference('drawdown-eod', { maxDrawdown: 2500 }),
      reference('profit-target'),
      reference('min-days'),
    ],
  }),
  traderAccount({
    accountId: 'SIM100-2001',
    name: 'Dubois - 100K Funded',
    phase: 'sim-funded',
    type: 'sim-funded',
    summary: { balance: 101_000, equity: 101_000 },
    program: undefined,
    accountSummary: null,
  }),
  traderAccount({
    accountId: 'EVAL50-1002',
    name: 'Dubois - Busted',
    status: 'failed',
    accountSummary: summaryRecord({
      accountId: 'EVAL50-1002',
      accountStatus: 'failed',
      lastCalculationDate: '20260305',
    }),
  }),
  traderAccount({
    accountId: 'EVAL50-1003',
    name: 'Dubois - Idle',
    rithmicStatus: 'Inactive',
    accountSummary: summaryRecord({ accountId: 'EVAL50-1003' }),
  }),
  traderAccount({
    accountId: 'DEMO50-3001',
    name: 'Dubois - Demo',
    phase: 'demo',
    type: 'demo',
    accountSummary: null,
  }),
];

export const traderRules: RuleDefinition[] = [
  drawdownRule,
  profitTargetRule,
  { ...tradingDaysRule, enabled: true },
].map((rule) => ruleDefinitionSchema.parse(rule));

export function dashboardRow(overrides: Partial<DashboardRow> = {}): DashboardRow {
  return {
    accountId: 'EVAL50-1001',
    traderId: 'TR000001',
    name: 'Dubois - 50K Evaluation',
    phase: 'evaluation',
    rithmicStatus: 'Active',
    accountStatus: 'active',
    profitTargetAchieved: false,
    profitTargetProgress: 0.5,
    consistencyRuleCompliant: true,
    trailingDrawdownCompliant: true,
    activeRuleViolations: 0,
    currentBalance: 51_500,
    judged: true,
    closeToPassing: false,
    totalProfit: 1_500,
    currentDrawdown: 0,
    drawdownUsage: 0,
    inactivityWarning: false,
    lastCalculationDate: '20260303',
    ...overrides,
  };
}

/** The dashboard's accounts (its All accounts list, every page). */
export const dashboardRows: DashboardRow[] = [
  dashboardRow(),
  dashboardRow({
    accountId: 'EVAL50-1002',
    traderId: 'TR000002',
    profitTargetProgress: 0.95,
    totalProfit: 2_850,
    closeToPassing: true,
  }),
  dashboardRow({
    accountId: 'EVAL50-1003',
    profitTargetProgress: 0,
    totalProfit: -900,
    accountStatus: 'failed',
  }),
  dashboardRow({
    accountId: 'SIM100-2001',
    phase: 'sim-funded',
    rithmicStatus: 'Inactive',
    profitTargetProgress: 0.2,
    totalProfit: 4_000,
  }),
];

export const dashboardData: DashboardData = {
  totalAccounts: 4,
  activeAccounts: 3,
  accountsByPhase: { evaluation: 3, 'sim-funded': 1, 'live-funded': 0, demo: 0, completed: 1 },
  closeToPassing: 1,
  byStatus: { active: 3, passed: 0, failed: 1 },
  byBroker: { Active: 3, Inactive: 1, 'Admin Only': 0 },
  notJudged: 0,
  violations: 2,
  failures: 2,
  needsAttention: 2,
};

const violation = (ruleId: string, name: string, date: string, value: number) => ({
  ruleId,
  name,
  ruleType: 'trailing-drawdown' as Violation['ruleType'],
  category: 'drawdown' as Violation['category'],
  severity: 'violation' as const,
  date,
  value,
  threshold: 2_000,
  description: `${name} broken`,
  soft: false,
});

export const attentionData: AttentionData = {
  ruleViolations: [
    {
      accountId: 'EVAL50-1003',
      traderId: 'TR000001',
      phase: 'evaluation',
      activeViolations: [violation('drawdown-eod', 'EOD Trailing Drawdown', '20260302', 2_345.5)],
    },
    {
      accountId: 'EVAL50-1004',
      traderId: 'TR000003',
      phase: 'evaluation',
      activeViolations: [violation('drawdown-static', 'Maximum Loss', '20260304', 3_100)],
    },
  ],
  needsAttention: [
    {
      accountId: 'EVAL50-1002',
      traderId: 'TR000002',
      name: 'Close One',
      phase: 'evaluation',
      reasons: ['close-to-passing'],
      profitTargetProgress: 0.95,
      drawdownUsage: 0.1,
      inactivityWarning: false,
    },
    {
      accountId: 'EVAL50-1005',
      traderId: 'TR000004',
      name: 'Deep Drawdown',
      phase: 'evaluation',
      reasons: ['drawdown', 'inactivity'],
      profitTargetProgress: 0,
      drawdownUsage: 0.85,
      inactivityWarning: true,
    },
  ],
  failures: [
    {
      accountId: 'EVAL50-1003',
      traderId: 'TR000001',
      name: 'Failed One',
      phase: 'evaluation',
      failedDate: '20260302',
      decisiveBreach: violation('drawdown-eod', 'EOD Trailing Drawdown', '20260302', 2_345.5),
    },
    {
      accountId: 'EVAL50-1006',
      traderId: 'TR000005',
      name: 'Daily Loser',
      phase: 'evaluation',
      failedDate: '20260227',
      decisiveBreach: {
        ...violation('daily-loss', 'Daily Loss Limit', '20260227', 1_250),
        ruleType: 'daily-loss-limit',
        category: 'daily-loss',
        threshold: 1_000,
      },
    },
  ],
};

const onePage = (data: unknown[]) => () => jsonResponse({ data, meta: { limit: 200 } });

/** The dashboard's routes answering the fixtures above (each list one page); `overrides` win. */
export function dashboardHandlers(
  overrides: Record<string, () => Response> = {},
): Record<string, () => Response> {
  const base = '/api/account-summaries/admin';
  return {
    [`GET ${base}/dashboard`]: () => jsonResponse({ data: dashboardData }),
    [`GET ${base}/dashboard/accounts?limit=200`]: onePage(dashboardRows),
    [`GET ${base}/dashboard/accounts?order=top&limit=200`]: onePage(dashboardRows),
    [`GET ${base}/attention?limit=200`]: onePage(attentionData.needsAttention),
    [`GET ${base}/violations?limit=200`]: onePage(attentionData.ruleViolations),
    [`GET ${base}/failures?limit=200`]: onePage(attentionData.failures),
    ...overrides,
  };
}
