import { listStatusOf, type AccountListItem } from '@shared/accounts/account';
import { tightestRoom } from '@shared/rules/limit-distance';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import type { PerformanceListRow } from '@shared/performance/performance-list';
import type { PerformanceReport } from '@shared/performance/performance-report';
import type { ConformanceRule } from '@shared/rules/conformance';
import type { AccountDetail } from '@shared/summaries/account-detail';

export function listItem(overrides: Partial<AccountListItem> = {}): AccountListItem {
  return {
    accountId: 'EVAL50-1001',
    name: 'Alice Evaluation',
    traderId: 'trader-1',
    email: 'alice@example.com',
    currency: 'USD',
    phase: 'evaluation',
    status: 'active',
    rithmicStatus: 'Active',
    resetCount: 0,
    summary: { balance: 51_000, equity: 51_000 },
    program: { prefix: 'EVAL50', name: 'Evaluation 50K', version: 1, currentPhase: 'phase-1' },
    ...overrides,
  };
}

export const accountRows: AccountListItem[] = [
  listItem(),
  listItem({
    accountId: 'EVAL50-1002',
    name: 'Bob Busted',
    email: 'bob@example.com',
    status: 'failed',
    summary: { balance: 47_000.5, equity: 47_000.5 },
  }),
  listItem({
    accountId: 'EVAL50-1003',
    name: 'Carol Idle',
    email: 'carol@example.com',
    rithmicStatus: 'Inactive',
    summary: { balance: -120.25, equity: -120.25 },
  }),
  listItem({
    accountId: 'SIM100-2001',
    name: 'Dan Funded',
    email: 'dan@Example.com',
    phase: 'sim-funded',
    rithmicStatus: 'Admin Only',
    summary: { balance: 100_500, equity: 100_500 },
    program: { prefix: 'SIM100', name: 'Sim Funded 100K', version: 2, currentPhase: 'funded' },
  }),
];

export function auditRecord(overrides: Partial<AuditTrailRecord> = {}): AuditTrailRecord {
  return {
    serverProcessDate: '20260302',
    serverTimestamp: '2026-03-02T14:31:05.120Z',
    accountNumber: 'EVAL50-1001',
    instrument: 'ESH6',
    action: 'FILL',
    status: 'FILLED',
    quantity: 2,
    buySellIndicator: 'B',
    fillPrice: 5012.25,
    limitPrice: 5012,
    orderType: 'LMT',
    serverTransactionNumber: 'T-1',
    exchange: 'CME',
    ...overrides,
  };
}

export function performanceRow(overrides: Partial<PerformanceListRow> = {}): PerformanceListRow {
  return {
    Account: 'EVAL50-1001',
    accountType: 'evaluation',
    traderEmail: 'alice@example.com',
    rithmicStatus: 'Active',
    ClosedPnl: 100,
    NetPnl: 90,
    Commissions: 10,
    Trades: 4,
    WinTrades: 3,
    LoserTrades: 1,
    WinPct: 75,
    CashBal: 51_000,
    AcctBal: 51_000,
    ...overrides,
  };
}

const now = '2026-03-03T08:00:00.000Z';

export function accountDetail(overrides: Partial<AccountDetail> = {}): AccountDetail {
  return {
    accountId: 'EVAL50-1001',
    name: 'Alice Evaluation',
    traderId: 'trader-1',
    email: 'alice@example.com',
    currency: 'USD',
    phase: 'evaluation',
    status: 'active',
    rithmicStatus: 'Active',
    resetCount: 0,
    balance: { balance: 51_000, equity: 51_000 },
    program: {
      prefix: 'EVAL50',
      name: 'Evaluation 50K',
      version: 1,
      currentPhase: 'phase-1',
      currentPhaseData: { type: 'evaluation', startingBalance: 50_000 },
      assignedExplicitly: false,
    },
    programVersion: null,
    createdAt: now,
    updatedAt: now,
    summary: {
      accountId: 'EVAL50-1001',
      traderId: 'trader-1',
      phase: 'evaluation',
      payoutHistory: [],
      lastconformanceCheck: now,
      createdAt: now,
      updatedAt: now,
      accountStatus: 'active',
      conformanceStatus: 'compliant',
      overallScore: 80,
      startingBalance: 50_000,
      currentBalance: 51_000,
      peakBalance: 51_500,
      totalProfit: 1_000,
      currentDrawdown: 500,
      totalDrawdown: 500,
      profitTarget: 3_000,
      profitTargetProgress: 1 / 3,
      profitTargetAchieved: false,
      totalTrades: 8,
      winningTrades: 5,
      losingTrades: 3,
      winRate: 0.625,
      averageWin: 400,
      averageLoss: -333.33,
      profitFactor: 2,
      maxConsecutiveWins: 3,
      maxConsecutiveLosses: 1,
      monthlyTradeCount: 8,
      tradingDaysCompleted: 2,
      minTradingDaysRequired: 5,
      consecutiveWinningDays: 1,
      consistencyRuleCompliant: true,
      trailingDrawdownCompliant: true,
      activeRuleViolations: 0,
      activeViolations: [],
      inactivityWarning: false,
      firstPayoutRequirementsMet: false,
      payoutEligible: false,
      phasePassed: false,
      phasePassedDate: null,
      phaseFailed: false,
      phaseFailedDate: null,
      startDate: '20260302',
      lastTradingDate: '20260303',
      lastCalculationDate: '20260303',
    },
    performances: [
      {
        Account: 'EVAL50-1001',
        date: '20260303',
        NetPnl: -500,
        AcctBal: 51_000,
        CashBal: 51_000,
        ClosedPnl: -480,
        Trades: 3,
        conformance: { overallStatus: 'compliant', overallScore: 80, violations: 0 },
      },
      {
        Account: 'EVAL50-1001',
        date: '20260302',
        NetPnl: 1_500,
        AcctBal: 51_500,
        Trades: 5,
        conformance: { overallStatus: 'warning', overallScore: 60, violations: 1 },
      },
    ],
    rules: [],
    // The engine's drawdown per day, oldest first (max 2,500, floor trailing end-of-day balances).
    drawdowns: [
      {
        date: '20260302',
        maxDrawdown: 2_500,
        floorInForce: 47_500,
        floor: 49_000,
        locked: false,
        trough: 49_800,
        balance: 51_500,
        used: 0,
        atTrough: 200,
        decided: 0,
        usage: 0,
        breached: false,
      },
      {
        date: '20260303',
        maxDrawdown: 2_500,
        floorInForce: 49_000,
        floor: 49_000,
        locked: false,
        trough: 50_900,
        balance: 51_000,
        used: 500,
        atTrough: 600,
        decided: 500,
        usage: 0.2,
        breached: false,
      },
    ],
    descriptions: [
      {
        commentId: 'c-1',
        accountId: 'EVAL50-1001',
        author: 'Olivia',
        authorId: 'user-1',
        text: 'Called the trader.',
        createdAt: now,
      },
    ],
    ...overrides,
  };
}

export function conformanceRule(overrides: Partial<ConformanceRule> = {}): ConformanceRule {
  return {
    ruleId: 'max-drawdown',
    name: 'Max Drawdown',
    description: 'Stay above the trailing floor',
    category: 'drawdown',
    type: 'violation',
    isMultiday: true,
    passed: false,
    outcome: 'ok',
    currentValue: 500,
    thresholdValue: 2_500,
    severity: 'info',
    message: 'ok',
    score: 1,
    ...overrides,
  };
}

export function performanceReport(overrides: Partial<PerformanceReport> = {}): PerformanceReport {
  return {
    date: '20260303',
    Account: 'EVAL50-1001',
    NetPnl: -500,
    AcctBal: 51_000,
    Trades: 60,
    WinTrades: 33,
    LoserTrades: 27,
    WinPct: 55.555,
    trades: Array.from({ length: 60 }, (_, index) => ({
      Symbol: 'ESH6',
      FillId: `F-${index}`,
      Pnl: 10,
      TradeDate: '20260303',
    })),
    symbols: [{ Symbol: 'ESH6', Exchange: 'CME', NetPnl: -500, Trades: 60 }],
    conformance: {
      evaluationDate: '20260303',
      overallStatus: 'compliant',
      hasViolations: false,
      benchmarksMet: false,
      overallScore: 80,
      violationRules: [
        {
          ruleId: 'max-drawdown',
          ruleType: 'drawdown',
          target: 2_500,
          actual: 500,
          passed: false,
          closePct: 20,
          message: 'Within the drawdown',
        },
      ],
      benchmarkRules: [],
      violations: [],
      newViolations: [],
      rules: [
        conformanceRule(),
        conformanceRule({
          ruleId: 'profit-target',
          name: 'Profit Target',
          category: 'profit-target',
          type: 'benchmark',
          passed: false,
          outcome: 'not-met',
        }),
      ],
      unresolvedRules: [],
      phasePassedDate: null,
      phaseFailedDate: null,
      daysTradedCount: 2,
      consecutiveLossDays: 1,
      maxDrawdownFromHigh: 500,
      currentBalance: 51_000,
      startingBalance: 50_000,
      profitTarget: 3_000,
      trailingDrawdown: 49_000,
      performance: { balance: 51_000, dailyPnl: -500, trades: 60, winRate: 0.55 },
    },
    ...overrides,
  };
}

const PHASE_ORDER = ['evaluation', 'sim-funded', 'live-funded', 'demo'];
const BROKER_ORDER = ['Active', 'Inactive', 'Admin Only'];
const groupRank = (row: AccountListItem) =>
  PHASE_ORDER.indexOf(row.phase) * 3 + BROKER_ORDER.indexOf(row.rithmicStatus);

/**
 * What `GET /api/accounts` answers for `url` over `rows`, as the server does it: search of id, name
 * and email (any case), list status, groups in order, each by id or closest to breach first, pages of
 * `pageSize` after a cursor (here the index of the next row).
 */
export function accountsPageOf(rows: readonly AccountListItem[], url: string, pageSize = 200) {
  const query = new URL(url, 'http://localhost').searchParams;
  const needle = (query.get('q') ?? '').toLowerCase();
  const status = query.get('status');
  const share = (row: AccountListItem) => tightestRoom(row.room)?.share ?? Infinity;
  const matching = rows
    .filter(
      (row) =>
        needle === '' ||
        [row.accountId, row.name, row.email ?? ''].some((text) =>
          text.toLowerCase().includes(needle),
        ),
    )
    .filter((row) => !status || listStatusOf(row) === status)
    .sort(
      (a, b) =>
        groupRank(a) - groupRank(b) ||
        (query.get('sort') === 'room' ? share(a) - share(b) : 0) ||
        a.accountId.localeCompare(b.accountId),
    );
  const start = Number(query.get('cursor') ?? 0);
  const end = start + pageSize;
  return {
    data: matching.slice(start, end),
    meta: { limit: 200, ...(end < matching.length && { nextCursor: String(end) }) },
  };
}
