import * as z from 'zod';
import * as accountModule from '@shared/accounts/account';
import * as auditQueryModule from '@shared/audit/audit-query';
import * as auditTrailModule from '@shared/audit/audit-trail';
import * as brokerKindsModule from '@shared/broker-files/kinds';
import * as brokerRowsModule from '@shared/broker-files/rows';
import * as commentModule from '@shared/comments/account-comment';
import * as fieldsModule from '@shared/common/fields';
import * as dashboardModule from '@shared/dashboard/dashboard';
import * as brokerModule from '@shared/firms/broker';
import * as firmModule from '@shared/firms/firm';
import * as softwareModule from '@shared/firms/manager-software';
import * as sessionModule from '@shared/membership/membership-session';
import * as memberModule from '@shared/membership/membership-user';
import * as traderLoginModule from '@shared/membership/trader-login';
import * as dailyPerformanceModule from '@shared/performance/daily-performance';
import * as performanceListModule from '@shared/performance/performance-list';
import * as reportModule from '@shared/performance/performance-report';
import * as programModule from '@shared/programs/program';
import * as programBodyModule from '@shared/programs/program-body';
import * as programRequestsModule from '@shared/programs/program-requests';
import * as programRulesModule from '@shared/programs/program-rules';
import * as ruleBodyModule from '@shared/programs/rule-body';
import * as ruleOutcomeModule from '@shared/programs/rule-outcome';
import * as revenueModule from '@shared/revenue/daily-revenue';
import * as transactionModule from '@shared/revenue/transaction';
import * as rulesModule from '@shared/rules';
import * as accountDetailModule from '@shared/summaries/account-detail';
import * as summaryRecordModule from '@shared/summaries/account-summary-record';
import * as dailySummaryModule from '@shared/summaries/daily-summary';
import * as syncModule from '@shared/sync/sync-run';
import * as traderDetailsModule from '@shared/traders/trader-details';
import * as traderModule from '@shared/traders/trader';
import * as releaseModule from '@shared/whats-new/release';
import {
  accountInput,
  accountSummary,
  adminReleaseInput,
  auditRecordInput,
  commentInput,
  conformance,
  dailyPerformanceInput,
  definitions,
  drawdownRuleInput,
  engineState,
  firmInput,
  membershipUserInput,
  phaseInput,
  programInput,
  releaseItemInput,
  summaryRecordInput,
  syncSummaryInput,
} from './examples';

/** Every module whose zod schemas must each appear in the table below. */
const modules: Record<string, Record<string, unknown>> = {
  accountModule,
  auditQueryModule,
  auditTrailModule,
  brokerKindsModule,
  brokerRowsModule,
  commentModule,
  fieldsModule,
  dashboardModule,
  brokerModule,
  firmModule,
  softwareModule,
  sessionModule,
  memberModule,
  traderLoginModule,
  dailyPerformanceModule,
  performanceListModule,
  reportModule,
  programModule,
  programBodyModule,
  programRequestsModule,
  programRulesModule,
  ruleBodyModule,
  ruleOutcomeModule,
  revenueModule,
  transactionModule,
  rulesModule,
  accountDetailModule,
  summaryRecordModule,
  dailySummaryModule,
  syncModule,
  traderDetailsModule,
  traderModule,
  releaseModule,
};

interface Example {
  valid: unknown;
  invalid: unknown;
}

const violation = {
  ruleId: 'drawdown-eod',
  name: 'Trailing Drawdown',
  ruleType: 'trailing-drawdown',
  category: 'drawdown',
  severity: 'violation',
  date: '20260303',
  value: 47_400,
  threshold: 47_500,
  description: 'Fell below the floor',
  soft: false,
};
const fee = { type: 'reset', fee: 99, recurring: 'one-time' };
const ruleReference = { ruleId: 'drawdown-eod', priority: 10 };
const traderInput = {
  traderId: 'T-1',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  status: 'enabled',
  brokers: [{ name: 'Rithmic', userId: 'JDOE-R' }],
  phone: { mobile: '+1 312 555 0100' },
  amember: { street: '1 Main St', city: 'Chicago', rithmic_passwd: 'secret' },
};
const dashboardAccount = {
  accountId: 'EVAL50K-0001',
  traderId: 'T-1',
  phase: 'evaluation',
  rithmicStatus: 'Active',
  accountStatus: 'active',
  profitTargetAchieved: false,
  profitTargetProgress: 0.93,
  consistencyRuleCompliant: true,
  trailingDrawdownCompliant: true,
  activeRuleViolations: 0,
  currentBalance: 52_800,
};
const dashboardStats = {
  totalAccounts: 1,
  activeAccounts: 1,
  accountsByPhase: { evaluation: 1, 'sim-funded': 0, 'live-funded': 0, demo: 0, completed: 0 },
  allAccounts: [dashboardAccount],
};
const attention = {
  ruleViolations: [
    {
      accountId: 'EVAL50K-0002',
      traderId: 'T-2',
      phase: 'evaluation',
      activeViolations: [violation],
    },
  ],
};
const revenueRecord = {
  date: '20260302',
  provider: 'stripe',
  metrics: {
    grossIncome: 1_650_00,
    netIncome: 1_598_15,
    totalFees: 51_85,
    transactionCount: 10,
    traderCount: 9,
  },
  collectionTimestamp: '2026-03-03T01:00:00Z',
};
const performanceListRow = {
  Account: 'EVAL50K-0001',
  accountType: 'evaluation',
  traderEmail: 'jane@example.com',
  rithmicStatus: 'Active',
  NetPnl: 400,
  Trades: 6,
  WinPct: 66.7,
  AcctBal: 50_400,
};
const report = {
  date: '20260303',
  Account: 'EVAL50K-0001',
  fcm: 'FCM-1',
  ib: 'IB-1',
  NetPnl: -249.5,
  AcctBal: 50_150.5,
  Trades: 3,
  traderId: 'T-1',
  trades: [{ Symbol: 'ES', FillId: 'F-1', Pnl: 125, TradeDate: '20260303' }],
  symbols: [{ Symbol: 'ES', NetPnl: -249.5, Trades: 3, WinPct: 33.33 }],
  conformance,
};
const syncRun = {
  runId: 'run-1',
  trigger: 'api',
  status: 'succeeded',
  count: 1,
  dates: ['20260302'],
  startedAt: '2026-03-03T01:00:00Z',
  finishedAt: '2026-03-03T01:00:02Z',
  summary: syncSummaryInput,
};
const enumExample = (valid: string, invalid: string = 'not-a-value'): Example => ({
  valid,
  invalid,
});

/** Schema export name → a value it accepts and one it refuses. */
/** A drawdown breach day as the engine stores it (decision 34). */
const drawdownDay = {
  maxDrawdown: 2_000,
  floorInForce: 48_000,
  floor: 48_000,
  locked: false,
  trough: 47_602.56,
  balance: 47_602.56,
  used: 2_397.44,
  atTrough: 2_397.44,
  decided: 2_397.44,
  usage: 1,
  breached: true,
};

const examples: Record<string, Example> = {
  // shared/programs
  programTypeSchema: enumExample('hybrid-eval', 'evaluation'),
  programStatusSchema: enumExample('deprecated', 'archived'),
  phaseTypeSchema: enumExample('payout-qualified', 'eval'),
  evaluationOrderSchema: enumExample('alphabetical'),
  feeTypeSchema: enumExample('reset', 'monthly'),
  feeRecurrenceSchema: enumExample('monthly', 'yearly'),
  feeSchema: { valid: fee, invalid: { ...fee, fee: -1 } },
  phaseRuleReferenceSchema: { valid: ruleReference, invalid: { ...ruleReference, priority: 1001 } },
  customMessagesSchema: {
    valid: { failure: 'Floor broken at {actual}' },
    invalid: { failure: 42 },
  },
  phaseRulesSchema: { valid: phaseInput.rules, invalid: { programId: 'EVAL50K' } },
  phaseManagementSchema: { valid: { payoutEligible: true }, invalid: { maxAccountsPerTrader: 0 } },
  phaseSchema: { valid: phaseInput, invalid: { ...phaseInput, type: 'eval' } },
  programPrefixSchema: enumExample('EVAL-50K', 'eval 50k'),
  programUrlsSchema: { valid: { purchaseUrl: 'https://x.example/buy' }, invalid: { resetUrl: 1 } },
  programSchema: { valid: programInput, invalid: { ...programInput, prefix: 'eval50k' } },
  programListSchema: { valid: [programInput], invalid: [{ ...programInput, version: 0 }] },
  phaseBodySchema: { valid: phaseInput, invalid: { ...phaseInput, accountSize: 0 } },
  programCreateBodySchema: {
    valid: { ...programInput, version: undefined },
    invalid: { ...programInput, phases: [] },
  },
  programUpdateBodySchema: {
    valid: { ...programInput, version: 2 },
    invalid: { ...programInput, currentPhase: 'funded' },
  },
  programCopyBodySchema: { valid: { newPrefix: 'eval50k-copy' }, invalid: { newPrefix: '  ' } },
  customMessagesBodySchema: {
    valid: { failure: 'Floor broken at {actual}' },
    invalid: { failure: 'x', colour: 'red' },
  },
  phaseRuleReferenceBodySchema: {
    valid: ruleReference,
    invalid: { ...ruleReference, parameterOverrides: [] },
  },
  phaseRuleReferenceUpdateBodySchema: { valid: { priority: 1000 }, invalid: { ruleId: 'x' } },
  feeBodySchema: { valid: fee, invalid: { ...fee, currency: 'USD' } },
  payoutParametersSchema: {
    valid: { buffer: 1_000, minAmount: 500, profitSplit: 80 },
    invalid: { profitSplit: 101 },
  },
  payoutParametersBodySchema: {
    valid: { buffer: 1_000, minAmount: 500, maxAmount: 10_000, profitSplit: 90 },
    invalid: { buffer: 1_000, minAmount: 500, maxAmount: 100 },
  },
  phaseManagementBodySchema: {
    valid: { payoutEligible: true, maxAccountsPerTrader: 3 },
    invalid: { maxAccountsPerTrader: 10_001 },
  },
  programUrlsBodySchema: {
    valid: { purchaseUrl: 'https://x.example/buy' },
    invalid: { purchaseUrl: 'x'.repeat(2_049) },
  },
  programPrefixParamSchema: { valid: 'eval50k', invalid: 'a/b' },
  programPathSchema: { valid: { prefix: 'EVAL50K' }, invalid: { prefix: '' } },
  programVersionPathSchema: {
    valid: { prefix: 'EVAL50K', version: '2' },
    invalid: { prefix: 'EVAL50K', version: '0' },
  },
  rulePathSchema: { valid: { ruleId: 'drawdown-eod' }, invalid: { ruleId: 'a\u0000b' } },
  phasePathSchema: {
    valid: { prefix: 'EVAL50K', phaseId: 'evaluation' },
    invalid: { prefix: 'EVAL50K' },
  },
  phaseRulePathSchema: {
    valid: { prefix: 'EVAL50K', phaseId: 'evaluation', ruleId: 'drawdown-eod' },
    invalid: { prefix: 'EVAL50K', phaseId: 'evaluation' },
  },
  ruleListQuerySchema: {
    valid: { search: ' Drawdown ', category: 'drawdown' },
    invalid: { category: 'draw' },
  },
  programSaveResultSchema: {
    valid: { ...programInput, outdatedAccounts: 2 },
    invalid: { ...programInput, outdatedAccounts: -1 },
  },
  programVersionsSchema: { valid: [programInput], invalid: [{ ...programInput, version: 0 }] },
  deleteResultSchema: { valid: { success: true, message: 'Deleted' }, invalid: { message: 'x' } },
  ruleUsageSchema: { valid: { 'drawdown-eod': ['EVAL50K'] }, invalid: { 'drawdown-eod': 'x' } },
  ruleListResponseSchema: {
    valid: { rules: [drawdownRuleInput], usedBy: {} },
    invalid: { rules: [drawdownRuleInput] },
  },
  assignedRuleSchema: {
    valid: { ...ruleReference, definition: null },
    invalid: ruleReference,
  },
  programRuleAssignmentsSchema: {
    valid: {
      programId: 'EVAL50K',
      name: '50K Evaluation',
      version: 1,
      currentPhase: 'evaluation',
      phases: [
        {
          programId: 'EVAL50K',
          phaseId: 'evaluation',
          phaseName: 'Evaluation',
          rules: [{ ...ruleReference, definition: definitions[0] }],
        },
      ],
    },
    invalid: { programId: 'EVAL50K', name: 'x', version: 1, phases: [{ phaseId: 'x' }] },
  },
  phaseRulesChangeResultSchema: {
    valid: { ...phaseInput.rules, version: 2 },
    invalid: phaseInput.rules,
  },
  ruleActionBodySchema: {
    valid: { type: 'termination', description: 'Fails the account' },
    invalid: { type: 'termination', description: ' ' },
  },
  ruleBodySchema: {
    valid: { ...drawdownRuleInput, type: 'violation' },
    invalid: drawdownRuleInput,
  },
  programRulesMapSchema: {
    valid: { EVAL50K: phaseInput.rules },
    invalid: { EVAL50K: { rules: [] } },
  },
  programRulesResponseSchema: {
    valid: { programRules: { EVAL50K: phaseInput.rules } },
    invalid: { programRules: [] },
  },
  phaseRuleReferenceUpdateSchema: {
    valid: { enabled: false, parameterOverrides: { maxDrawdown: 2000 } },
    invalid: { priority: 0 },
  },
  ruleOutcomeRecordSchema: {
    valid: {
      ruleId: 'drawdown-eod',
      type: 'violation',
      ruleType: 'drawdown',
      target: 47_500,
      actual: 50_150.5,
      passed: false,
      result: 'ok',
      consequence: 'termination',
      message: 'Above the floor',
      closePct: 12,
      date: '20260303',
      timestamp: '2026-03-03T23:10:00Z',
    },
    invalid: { ruleId: 'drawdown-eod', type: 'violation', result: 'passed' },
  },

  // shared/rules (owned by the rules module; covered here so every entity schema is exercised)
  ruleCategorySchema: enumExample('overnight-holding', 'overnight'),
  ruleTypeSchema: enumExample('benchmark', 'warning'),
  ruleActionTypeSchema: enumExample('block-new-trades'),
  parameterTypeSchema: enumExample('boolean', 'date'),
  ruleActionSchema: {
    valid: drawdownRuleInput.action,
    invalid: { type: 'termination', description: ' ' },
  },
  ruleDefinitionSchema: {
    valid: drawdownRuleInput,
    invalid: { ...drawdownRuleInput, testParameters: { maxDrawdown: 2500, resetType: 'weekly' } },
  },
  instrumentTypeSchema: enumExample('crypto', 'bond'),
  instrumentEntrySchema: {
    valid: { symbol: 'mes', positionFactor: 0.1 },
    invalid: { symbol: 'MES', positionFactor: 0.05 },
  },
  clockTimeSchema: enumExample('08:30', '24:00'),
  timeZoneNameSchema: enumExample('America/Chicago', 'Mars/Olympus'),
  newsTimeZoneSchema: enumExample('Pacific', 'PST'),
  newsEventSchema: {
    valid: { title: 'CPI', date: '2026-03-11', time: '07:30' },
    invalid: { title: 'CPI', date: '2026-02-30', time: '07:30' },
  },
  resetTypeSchema: enumExample('daily-highs', 'hourly'),
  consistencyPeriodSchema: enumExample('weekly', 'yearly'),
  drawdownParametersSchema: {
    valid: { maxDrawdown: 2500, resetType: 'static' },
    invalid: { maxDrawdown: 2500.5, resetType: 'static' },
  },
  dailyLossParametersSchema: { valid: { maxDailyLoss: 1000 }, invalid: { maxDailyLoss: -1 } },
  consistencyParametersSchema: {
    valid: { minConsistency: 0.4, period: 'daily' },
    invalid: { minConsistency: 40, period: 'daily' },
  },
  profitTargetParametersSchema: {
    valid: { target: 3000, type: 'absolute' },
    invalid: { target: 3000, type: 'relative' },
  },
  tradingDaysParametersSchema: {
    valid: { minDays: 5, requireProfit: true, minProfit: 50 },
    invalid: { minDays: 5, requireProfit: true },
  },
  instrumentsParametersSchema: {
    valid: { allowedInstruments: ['ES', 'NQ'] },
    invalid: { allowedInstruments: 'ES' },
  },
  tradingHoursParametersSchema: {
    valid: { openTime: '08:30', closeTime: '15:00', timezone: 'America/Chicago' },
    invalid: { openTime: '8:30', closeTime: '15:00', timezone: 'America/Chicago' },
  },
  newsTradingParametersSchema: {
    valid: { newsEvents: [], bufferMinutes: 30 },
    invalid: { newsEvents: [], bufferMinutes: -5 },
  },
  positionSizeParametersSchema: {
    valid: { maxPositionSize: 5, accountPercentage: 0.5 },
    invalid: { maxPositionSize: 5, accountPercentage: 2 },
  },
  overnightHoldingParametersSchema: {
    valid: { closeTime: '15:55' },
    invalid: { closeTime: 'late' },
  },
  inactivityParametersSchema: { valid: { maxInactiveDays: 30 }, invalid: { maxInactiveDays: 31 } },
  tradingDateSchema: enumExample('20240229', '20230229'),
  performanceRowSchema: {
    valid: { AcctBal: 50_400, NetPnl: 400, Trades: 6 },
    invalid: { AcctBal: 50_400, NetPnl: 400, Trades: -1 },
  },
  dayFillSchema: {
    valid: { FillTime: '2026-03-02T08:31:05-06:00', Symbol: 'ES', Side: 'B', FillSize: 1 },
    invalid: { FillTime: '2026-03-02T08:31:05-06:00', Symbol: 'ES', Side: 'X', FillSize: 1 },
  },
  dayTradeSchema: { valid: { Symbol: 'ES', Pnl: 125 }, invalid: { Pnl: '125' } },
  dayInputSchema: {
    valid: { date: '20260302', performance: null },
    invalid: { date: '2026-03-02', performance: null },
  },
  overallStatusSchema: enumExample('warning', 'No Data'),
  ruleOutcomeSchema: enumExample('not-met', 'passed'),
  severitySchema: enumExample('info', 'critical'),
  violationTypeSchema: enumExample('must-stop-at-target', 'drawdown'),
  resolutionProblemSchema: {
    valid: { ruleId: 'x', reason: 'missing-definition', message: 'No rule x' },
    invalid: { ruleId: 'x', reason: 'lost', message: 'No rule x' },
  },
  conformanceRuleSchema: {
    valid: conformance.rules[0],
    invalid: { ...conformance.rules[0], score: 2 },
  },
  ruleResultSchema: {
    valid: conformance.benchmarkRules[0],
    invalid: { ...conformance.benchmarkRules[0], closePct: 101 },
  },
  violationSchema: { valid: violation, invalid: { ...violation, ruleType: 'drawdown' } },
  conformanceSchema: { valid: conformance, invalid: { ...conformance, overallScore: 101 } },
  drawdownStateSchema: { valid: { floorCents: 4_750_000 }, invalid: { floorCents: 1, extra: 1 } },
  consistencyStateSchema: {
    valid: { bestCents: 0, periodKey: 20_514, periodCents: 0, totalCents: 0 },
    invalid: { bestCents: 0.5, periodKey: 20_514, periodCents: 0, totalCents: 0 },
  },
  tradingDaysStateSchema: { valid: { count: 2 }, invalid: { count: -1 } },
  ruleStateSchema: { valid: { count: 2 }, invalid: { floorCents: 'x' } },
  engineStateSchema: { valid: engineState, invalid: { ...engineState, version: 3 } },
  violationTallySchema: {
    valid: { count: 2, first: violation, last: violation },
    invalid: { count: 0, first: violation, last: violation },
  },
  violationLogSchema: {
    valid: { count: 1, rules: {}, lastDay: [violation], held: [], decisive: null },
    invalid: { count: 1, rules: {}, lastDay: [violation], held: [] },
  },
  accountStatusSchema: enumExample('passed', 'closed'),
  accountSummarySchema: {
    valid: accountSummary,
    invalid: { ...accountSummary, profitTargetProgress: 1.5 },
  },

  // shared/accounts
  accountPhaseSchema: enumExample('live-funded', 'pre-payout'),
  rithmicStatusSchema: enumExample('Admin Only', 'active'),
  pbtStatusSchema: enumExample('pending', 'Active'),
  listStatusSchema: enumExample('held', 'Held'),
  accountProgramSchema: {
    valid: accountInput.program,
    invalid: { ...accountInput.program, currentPhaseData: { type: 'eval', startingBalance: 1 } },
  },
  accountBalanceSchema: { valid: { balance: 1, equity: 2 }, invalid: { balance: 1 } },
  accountSchema: { valid: accountInput, invalid: { ...accountInput, rithmicStatus: 'Closed' } },
  accountUpdateBodySchema: {
    valid: { forceProgramUpdate: true },
    invalid: { forceProgramUpdate: false },
  },
  accountListItemSchema: {
    valid: {
      ...accountInput,
      program: { prefix: 'EVAL50K', name: '50K', version: 1, currentPhase: 'p1' },
    },
    invalid: { ...accountInput, phase: 'funded' },
  },
  accountListQuerySchema: {
    valid: { q: 'alice', status: 'held', sort: 'room', limit: '50', cursor: 'abc' },
    invalid: { limit: '201' },
  },
  accountListSortSchema: { valid: 'room', invalid: 'balance' },
  accountListResponseSchema: {
    valid: { data: [accountInput], meta: { limit: 200, nextCursor: 'abc' } },
    invalid: { data: [{ accountId: '' }], meta: { limit: 200 } },
  },
  accountPathSchema: { valid: { accountId: 'EVAL50K-0001' }, invalid: { accountId: 'a/b' } },
  accountResetSchema: {
    valid: { resetAt: '2026-03-02T10:00:00.000Z', resetBy: 'staff-1', afterDate: '20260302' },
    invalid: { resetAt: '2026-03-02T10:00:00.000Z', resetBy: 'staff-1', afterDate: '2026-03-02' },
  },
  accountResetResultSchema: {
    valid: {
      success: true,
      message: 'reset',
      resetCount: 1,
      reset: { resetAt: '2026-03-02T10:00:00.000Z', resetBy: 'staff-1', afterDate: null },
    },
    invalid: { success: true, message: 'reset', resetCount: -1 },
  },
  accountUpdateResultSchema: {
    valid: {
      success: true,
      message: 'Program updated successfully',
      rejudgedDays: 3,
      account: accountInput,
    },
    invalid: { success: true, message: 'Updated', rejudgedDays: 3, account: accountInput },
  },

  // shared/traders
  knownTraderStatusSchema: enumExample('disabled', 'locked'),
  traderStatusSchema: enumExample('locked', ' '),
  traderBrokerSchema: { valid: { name: 'Rithmic', userId: 'R-1' }, invalid: { name: 'Rithmic' } },
  traderAddressSchema: {
    valid: { street1: '1 Main St', city: 'Chicago' },
    invalid: { city: 60601 },
  },
  phoneKindSchema: enumExample('work', 'fax'),
  traderPhonesSchema: { valid: { home: '555' }, invalid: { fax: '555' } },
  traderLoginInfoSchema: {
    valid: { last: '2026-03-02T09:00:00Z', lastIp: '203.0.113.9' },
    invalid: { last: 'yesterday' },
  },
  amemberRecordSchema: { valid: traderInput.amember, invalid: { zip: 60601 } },
  traderSchema: { valid: traderInput, invalid: { ...traderInput, email: '' } },
  traderDetailsSchema: {
    valid: { trader: traderInput, accounts: [accountInput] },
    invalid: { trader: traderInput, accounts: [{ accountId: 'x' }] },
  },

  // shared/audit
  knownAuditActionSchema: enumExample('REPLACE', 'MODIFY'),
  knownAuditStatusSchema: enumExample('CANCELLED', 'CANCELED'),
  auditTrailRecordSchema: {
    valid: auditRecordInput,
    invalid: { ...auditRecordInput, serverProcessDate: '2026-03-02' },
  },
  auditStatsSchema: {
    valid: {
      totalRecords: 10,
      dateRange: { start: '20260302', end: '20260303' },
      accounts: 2,
      instruments: 3,
      actions: [{ _id: 'FILL', count: 4 }],
    },
    invalid: { totalRecords: 10, dateRange: {}, accounts: 2, instruments: 3, actions: [] },
  },
  auditSortFieldSchema: enumExample('serverTransactionNumber', 'instrument'),
  sortDirectionSchema: enumExample('asc', 'up'),
  auditFiltersSchema: {
    valid: { instrument: ' ES ', startDate: '20260301' },
    invalid: { startDate: '20260305', endDate: '20260301' },
  },
  auditListQuerySchema: { valid: { page: '2', pageSize: '100' }, invalid: { pageSize: '30' } },
  auditDeleteQuerySchema: {
    valid: { accountNumber: 'EVAL50K-0001', confirm: 'true' },
    invalid: { accountNumber: 'EVAL50K-0001' },
  },
  auditListMetaSchema: {
    valid: { total: 120, page: 1, totalPages: 3 },
    invalid: { total: 120, page: 0, totalPages: 3 },
  },
  auditListResponseSchema: {
    valid: { data: [auditRecordInput], meta: { total: 1, page: 1, totalPages: 1 } },
    invalid: { data: [auditRecordInput] },
  },
  auditDeleteResultSchema: { valid: { deleted: 10 }, invalid: { deleted: -1 } },

  // shared/performance
  performanceListRowSchema: {
    valid: performanceListRow,
    invalid: { ...performanceListRow, accountType: 'eval' },
  },
  performanceListResponseSchema: {
    valid: { success: true, data: [performanceListRow], meta: { date: '20260302' } },
    invalid: { success: true, data: [], meta: { date: '2026-03-02' } },
  },
  performanceSortColumnSchema: enumExample('WinPct', 'traderEmail'),
  dailyConformanceSummarySchema: {
    valid: dailyPerformanceInput.conformance,
    invalid: { overallStatus: 'green', overallScore: 1, violations: 0 },
  },
  dailyPerformanceSchema: {
    valid: dailyPerformanceInput,
    invalid: { ...dailyPerformanceInput, WinPct: 133 },
  },
  performanceTradeSchema: {
    valid: report.trades[0],
    invalid: { ...report.trades[0], TradeDate: '03/03/2026' },
  },
  performanceSymbolSchema: { valid: report.symbols[0], invalid: { Symbol: '' } },
  performanceReportSchema: { valid: report, invalid: { ...report, conformance: undefined } },

  // shared/summaries
  payoutSchema: {
    valid: { date: '20260310', amount: 1500 },
    invalid: { date: '20260310', amount: 0 },
  },
  accountSummaryRecordSchema: {
    valid: summaryRecordInput,
    invalid: { ...summaryRecordInput, phase: 'completed' },
  },
  dailySummaryRowSchema: {
    valid: {
      date: '20260303',
      traderId: 'T-1',
      accountId: 'EVAL50K-0001',
      tradingDay: 2,
      dailyPnl: -249.5,
      dailyTrades: 3,
      dailyWinRate: 0.33,
      startingBalance: 50_400,
      endingBalance: 50_150.5,
      runningDrawdown: 249.5,
      profitTargetProgress: 0.05,
      consistencyViolation: false,
      accountStatus: 'active',
    },
    invalid: { date: '20260303', traderId: 'T-1', accountId: 'EVAL50K-0001', tradingDay: 2 },
  },
  dailySummaryListResponseSchema: { valid: { data: [] }, invalid: { data: {} } },
  accountDetailSchema: {
    valid: {
      ...accountInput,
      summary: summaryRecordInput,
      performances: [dailyPerformanceInput],
      rules: [drawdownRuleInput],
      descriptions: [commentInput],
    },
    invalid: { ...accountInput, summary: { balance: 1, equity: 1 } },
  },
  accountDetailResponseSchema: {
    valid: { data: { ...accountInput, summary: null } },
    invalid: { data: { ...accountInput, summary: { balance: 1, equity: 1 } } },
  },
  accountDaysQuerySchema: { valid: { limit: '50' }, invalid: { limit: '201' } },
  accountDaysResponseSchema: {
    valid: { data: [dailyPerformanceInput], meta: { limit: 100, nextCursor: 'abc' } },
    invalid: { data: [{ ...dailyPerformanceInput, WinPct: 133 }], meta: { limit: 100 } },
  },
  balanceSeriesPointSchema: {
    valid: { date: '20260303', accountBalance: 50_100, cashBalance: null, floor: 48_000 },
    invalid: { date: '2026-03-03', accountBalance: 50_100, cashBalance: null, floor: 48_000 },
  },
  balanceSeriesResponseSchema: {
    valid: {
      data: [{ date: '20260303', accountBalance: 50_100, cashBalance: 50_100, floor: null }],
    },
    invalid: {
      data: [{ date: '20260303', accountBalance: '50100', cashBalance: null, floor: null }],
    },
  },

  // shared/dashboard
  dashboardAccountSchema: { valid: dashboardAccount, invalid: { ...dashboardAccount, phase: 'x' } },
  dashboardStatsSchema: {
    valid: dashboardStats,
    invalid: { ...dashboardStats, accountsByPhase: { evaluation: 1 } },
  },
  attentionAccountSchema: {
    valid: attention.ruleViolations[0],
    invalid: { ...attention.ruleViolations[0], activeViolations: [] },
  },
  dashboardAttentionSchema: { valid: attention, invalid: { ruleViolations: null } },
  dashboardSchema: {
    valid: { stats: dashboardStats, attention },
    invalid: { stats: dashboardStats },
  },

  // shared/revenue
  paymentProviderSchema: enumExample('bank_transfer', 'bank-transfer'),
  transactionTypeSchema: enumExample('chargeback', 'charge'),
  transactionStatusSchema: enumExample('canceled', 'cancelled'),
  dailyRevenueRecordSchema: {
    valid: revenueRecord,
    invalid: { ...revenueRecord, metrics: { ...revenueRecord.metrics, grossIncome: 16.5 } },
  },
  revenueQuerySchema: {
    valid: { startDate: '20260201', endDate: '20260302', provider: 'paypal' },
    invalid: { startDate: '20260201', endDate: '20260302', provider: 'venmo' },
  },
  revenueResponseSchema: {
    valid: { success: true, data: [revenueRecord] },
    invalid: { success: true, data: [{ ...revenueRecord, provider: 'venmo' }] },
  },

  // shared/whats-new
  whatsNewCategorySchema: enumExample('deprecation', 'feat'),
  whatsNewPrioritySchema: enumExample('critical', 'urgent'),
  releaseVersionSchema: enumExample('1.3.0', 'v1.3'),
  whatsNewItemSchema: { valid: releaseItemInput, invalid: { ...releaseItemInput, priority: 'p1' } },
  adminReleaseSchema: {
    valid: adminReleaseInput,
    invalid: { ...adminReleaseInput, isActive: 'yes' },
  },
  whatsNewReleaseSchema: {
    valid: adminReleaseInput,
    invalid: { ...adminReleaseInput, releaseDate: 'March 1' },
  },
  whatsNewSchema: {
    valid: {
      currentRelease: adminReleaseInput,
      hasUnreadUpdates: true,
      userPreferences: { preferences: { autoShowModal: true } },
    },
    invalid: { currentRelease: null, hasUnreadUpdates: true, userPreferences: {} },
  },
  adminReleaseListSchema: { valid: { releases: [adminReleaseInput] }, invalid: { releases: {} } },
  releaseStatsSchema: {
    valid: { totalReleases: 2, activeReleases: 1, publishedReleases: 1, totalItems: 5 },
    invalid: { totalReleases: 2 },
  },
  markShownBodySchema: { valid: { version: '1.3.0' }, invalid: { version: '' } },
  releaseBodySchema: {
    valid: { version: '1.4.0', releaseDate: '20260301', title: 'March', items: [] },
    invalid: { version: '1.4.0', releaseDate: '20260301', title: ' ' },
  },

  // shared/membership
  membershipUserStatusSchema: enumExample(2 as never, 3 as never),
  membershipUserSchema: {
    valid: membershipUserInput,
    invalid: { ...membershipUserInput, is_approved: '2' },
  },
  membershipUserListSchema: {
    valid: { 0: membershipUserInput, _total: 1 },
    invalid: [{ login: 'x' }],
  },
  membershipUsersResponseSchema: {
    valid: { success: true, data: { users: [[membershipUserInput]], responseStatus: 200 } },
    invalid: { success: true, data: { users: membershipUserInput } },
  },
  createMembershipUserBodySchema: {
    valid: { login: 'jdoe', email: 'jane@example.com' },
    invalid: { login: 'jdoe', email: 'jane@example.com', status: 5 },
  },
  membershipSessionUserSchema: {
    valid: { id: 17, email: 'jane@example.com', userName: 'jdoe' },
    invalid: { email: 'jane@example.com' },
  },
  membershipCheckResultSchema: {
    valid: { isLoggedIn: true, user: { user_id: '17', email: 'j@x.example', login: 'jdoe' } },
    invalid: { isLoggedIn: 'yes' },
  },
  membershipClientLoginResponseSchema: {
    valid: { success: true, isLoggedIn: false },
    invalid: { success: true },
  },
  authSyncStatusSchema: {
    valid: { isSynced: true, hasRithmicUser: true, hasAmemberPassword: false },
    invalid: { isSynced: true },
  },
  authStatusSchema: {
    valid: { isAuthenticated: true, user: { _id: 'u1', role: { name: 'admin' } } },
    invalid: { isAuthenticated: true, user: { role: 'admin' } },
  },
  manualSyncBodySchema: {
    valid: { email: ' a@b.example ', password: '' },
    invalid: { email: ' ' },
  },
  syncStatusQuerySchema: {
    valid: { email: ' a@b.example ' },
    invalid: { email: ' ' },
  },
  manualSyncResponseSchema: {
    valid: { success: true, isSynced: true, hasRithmicUser: true, hasAmemberPassword: true },
    invalid: { success: true, isSynced: 'yes', hasRithmicUser: true, hasAmemberPassword: true },
  },
  membershipConfigSchema: {
    valid: {
      origin: 'http://localhost:3100',
      loginUrl: 'http://localhost:3100/login',
      logoutUrl: 'http://localhost:3100/logout',
      memberPages: {
        accounts: 'http://localhost:3100/member',
        'purchase-programs': 'http://localhost:3100/signup',
        profile: 'http://localhost:3100/profile',
        'payment-history': 'http://localhost:3100/member/payment-history',
        bullpen: 'http://localhost:3100/member/evaluations',
        mim: 'http://localhost:3100/mim',
        dashboard: 'http://localhost:3100/member',
      },
      tools: {
        tradechat: 'http://localhost:3100/chat',
        spygate: 'http://localhost:3100/spygate',
        wrap: 'http://localhost:3100/wrap',
        livesquawk: 'http://localhost:3100/livesquawk',
      },
    },
    invalid: { origin: 'http://localhost:3100', loginUrl: 'http://localhost:3100/login' },
  },
  createMembershipUserResponseSchema: {
    valid: {
      success: true,
      data: { user: { user_id: 2, login: 'jdoe', email: 'j@example.com', status: '1' } },
    },
    invalid: { success: true, data: { user: { login: 'jdoe' } } },
  },
  rithmicPasswordResponseSchema: {
    valid: { success: true, data: { user_id: '2', rithmic_passwd: null } },
    invalid: { success: false, data: { user_id: '2', rithmic_passwd: null } },
  },
  traderSignInBodySchema: {
    valid: { login: 'trader@example.com', password: 'pw' },
    invalid: { login: 'trader', password: 'pw', user_id: '7' },
  },
  traderSignInResponseSchema: {
    valid: {
      ok: true,
      user_id: 'sub-1',
      email: 'trader@example.com',
      name: 'Demo Trader',
      login: 'trader',
      role: 'trader',
      memberId: '1',
      traderId: 'TR000001',
      rithmicUserId: 'TR000001',
      token: 't',
      refreshToken: 'r',
      expiresAt: 1772460000000,
    },
    invalid: {
      ok: true,
      user_id: 'sub-1',
      email: 'admin@example.com',
      name: 'Demo Admin',
      login: 'admin',
      role: 'admin',
      memberId: '',
      traderId: '',
      token: 't',
      refreshToken: 'r',
      expiresAt: 1772460000000,
    },
  },
  traderLoginFormSchema: {
    valid: { username: 'jdoe', password: 'pw' },
    invalid: { username: 'jdoe', password: '' },
  },
  amemberLoginPostSchema: {
    valid: {
      amember_login: 'jdoe',
      amember_pass: 'pw',
      login_attempt_id: '1772460000000',
      amember_redirect_url: 'https://admin.example/amember-dashboard',
    },
    invalid: {
      amember_login: 'jdoe',
      amember_pass: 'pw',
      login_attempt_id: 'now',
      amember_redirect_url: 'https://admin.example/amember-dashboard',
    },
  },
  traderLoginReturnSchema: {
    valid: { amember_success: '1', user_id: '17' },
    invalid: { user_id: 17 },
  },

  // shared/firms
  firmStatusSchema: enumExample('suspended', 'closed'),
  brokerNameSchema: enumExample('Ninja', 'rithmic'),
  managementAccountTypeSchema: enumExample('FMC-TEST', 'FCM-TEST'),
  optionalTextSchema: enumExample(' x ', 5 as never),
  optionalUrlSchema: enumExample('https://x.example', 'x.example'),
  optionalEmailSchema: enumExample('a@b.example', 'a-at-b'),
  numberOfEmployeesSchema: enumExample(1 as never, 0 as never),
  revenueAmountSchema: enumExample(10.25 as never, 10.255 as never),
  managementAccountSchema: { valid: { accountNumber: 'A-1' }, invalid: { accountType: 'FCMX' } },
  brokerSchema: { valid: firmInput.brokers[0], invalid: { name: 'Tradovate' } },
  managerSoftwareSchema: {
    valid: firmInput.managerSoftware,
    invalid: { ...firmInput.managerSoftware, serverUrl: 'not a url' },
  },
  managerSoftwareListSchema: { valid: [firmInput.managerSoftware], invalid: 'R Trader' },
  firmSaveBodySchema: { valid: firmInput, invalid: { ...firmInput, industry: '' } },
  firmSchema: {
    valid: { ...firmInput, createdAt: '2026-01-01T00:00:00Z' },
    invalid: { ...firmInput, status: 'closed' },
  },
  firmStatsSchema: {
    valid: { total: 3, active: 1, inactive: 1, suspended: 1 },
    invalid: { total: 3, active: 1 },
  },
  firmListQuerySchema: { valid: { status: 'all' }, invalid: { status: 'deleted' } },
  firmSearchQuerySchema: { valid: { q: 'acme' }, invalid: { q: ' ' } },
  firmSaveResultSchema: { valid: { data: { id: 'acme' } }, invalid: { data: {} } },

  // shared/comments
  accountCommentSchema: { valid: commentInput, invalid: { ...commentInput, createdAt: 'today' } },
  accountCommentBodySchema: {
    valid: { comment: 'Called the trader', adminUser: 'Sam' },
    invalid: { comment: 'Called the trader' },
  },
  accountCommentResultSchema: {
    valid: { success: true, message: 'Comment added successfully', comment: commentInput },
    invalid: { success: true, message: 'added' },
  },

  // shared/sync
  syncRequestBodySchema: { valid: { count: 30 }, invalid: { count: 31 } },
  syncRequestSchema: {
    valid: { from: '20260302', to: '20260306' },
    invalid: { dates: [] },
  },
  syncIncompleteDatesResponseSchema: {
    valid: { data: ['20260303'] },
    invalid: { data: ['2026-03-03'] },
  },
  refusedDateSchema: {
    valid: { date: '20991231', reason: 'The folder is dated after today' },
    invalid: { date: '20991231' },
  },
  rejectedRowSchema: {
    valid: syncSummaryInput.rejectedRows[0],
    invalid: { ...syncSummaryInput.rejectedRows[0], line: 0 },
  },
  syncSummarySchema: {
    valid: syncSummaryInput,
    invalid: { ...syncSummaryInput, rejectedRecords: { traders: 0 } },
  },
  syncResultSchema: {
    valid: { success: true, summary: syncSummaryInput },
    invalid: { success: 'true' },
  },
  syncTriggerSchema: enumExample('schedule', 'cron'),
  syncRunStatusSchema: enumExample('running', 'done'),
  syncRunSchema: { valid: syncRun, invalid: { ...syncRun, count: 0 } },
  syncRunShardsSchema: { valid: { done: 36, total: 120 }, invalid: { done: 1, total: 0 } },
  syncRunListResponseSchema: { valid: { data: [syncRun] }, invalid: { data: [{ runId: 'x' }] } },
  syncFileCountSchema: {
    valid: {
      file: 'broker/20260302/daily-fills.csv',
      date: '20260302',
      kind: 'daily-fills',
      accepted: 640,
      rejected: 2,
    },
    invalid: {
      file: 'broker/20260302/daily-fills.csv',
      date: '20260302',
      kind: 'fills',
      accepted: 640,
      rejected: 2,
    },
  },
  syncRejectedRowsResponseSchema: {
    valid: { data: syncSummaryInput.rejectedRows, nextCursor: 'abc' },
    invalid: { data: [{ file: 'broker/20260302/daily-fills.csv', line: 0, reason: 'x' }] },
  },
  syncRunViewSchema: {
    valid: { ...syncRun, result: { success: true, summary: syncSummaryInput } },
    invalid: { ...syncRun, result: { success: 'yes' } },
  },

  // shared/common
  isoTimestampSchema: enumExample('2026-03-02T14:31:05.123-06:00', '2026-03-02T14:31:05'),
  centsSchema: enumExample(1250 as never, 12.5 as never),
  countSchema: enumExample(0 as never, -1 as never),
  actionResultSchema: { valid: { success: true, message: 'Refreshed' }, invalid: { message: 'x' } },

  // shared/broker-files (text cells, as csv-parse gives them)
  brokerFileKindSchema: enumExample('daily-fills', 'fills'),
  traderRowSchema: {
    valid: { traderId: 'T-1', email: 'jane@example.com', status: 'enabled' },
    invalid: { traderId: 'T-1', email: 'jane' },
  },
  accountRowSchema: {
    valid: { accountId: 'A-1', traderId: 'T-1', rithmicStatus: 'Admin Only', currency: 'USD' },
    invalid: { accountId: 'A-1', traderId: 'T-1', rithmicStatus: 'Closed' },
  },
  relationshipRowSchema: {
    valid: { userId: 'U-1', accountId: 'A-1', role: 'owner' },
    invalid: { userId: 'U-1', accountId: '' },
  },
  dailyPerformanceRowSchema: {
    valid: { Account: 'A-1', Date: '20260302', NetPnl: '-12.50', AcctBal: '49987.50', Trades: '3' },
    invalid: { Account: 'A-1', Date: '20260302', NetPnl: '$12', AcctBal: '49987.50', Trades: '3' },
  },
  dailyFillRowSchema: {
    valid: {
      Account: 'A-1',
      Date: '20260302',
      Symbol: 'ES',
      Side: 'S',
      FillPrice: '5012.25',
      FillSize: '1',
      FillId: 'F-1',
      FillTime: '2026-03-02T08:31:05-06:00',
    },
    invalid: {
      Account: 'A-1',
      Date: '20260302',
      Symbol: 'ES',
      Side: 'S',
      FillPrice: '5012.25',
      FillSize: '0',
      FillId: 'F-1',
      FillTime: '2026-03-02T08:31:05-06:00',
    },
  },
  dailyTradeRowSchema: {
    valid: { Account: 'A-1', Date: '20260302', Symbol: 'ES', FillId: 'F-1', Pnl: '125' },
    invalid: { Account: 'A-1', Date: '20260302', Symbol: 'ES', FillId: 'F-1', TradeDate: '3/2' },
  },
  dailySymbolRowSchema: {
    valid: { Account: 'A-1', Date: '20260302', Symbol: 'ES', WinPct: '55.5' },
    invalid: { Account: 'A-1', Date: '20260302', Symbol: 'ES', WinPct: '155' },
  },
  auditTrailRowSchema: {
    valid: {
      serverProcessDate: '20260302',
      serverTimestamp: '2026-03-02T14:31:05.123-06:00',
      accountNumber: 'A-1',
      action: 'NEW',
      serverTransactionNumber: '1001',
    },
    invalid: {
      serverProcessDate: '20260302',
      serverTimestamp: '2026-03-02 14:31:05',
      accountNumber: 'A-1',
      action: 'NEW',
      serverTransactionNumber: '1001',
    },
  },
  dailyRevenueRowSchema: {
    valid: { date: '20260302', provider: 'paypal', grossIncome: '165000' },
    invalid: { date: '20260302', provider: 'paypal', grossIncome: '1650.00' },
  },
  performanceListQuerySchema: { valid: { date: '20261124' }, invalid: { date: '20261131' } },
  performanceGroupCountSchema: {
    valid: { phase: 'demo', rithmicStatus: 'Admin Only', rows: 3 },
    invalid: { phase: 'demo', rithmicStatus: 'Closed', rows: 3 },
  },
  drawdownDaySchema: { valid: drawdownDay, invalid: { ...drawdownDay, usage: 1.5 } },
  accountDrawdownDaySchema: {
    valid: { ...drawdownDay, date: '20261112' },
    invalid: { ...drawdownDay, date: '2026-11-12' },
  },
};

function schemaExports(): Map<string, z.ZodType> {
  const found = new Map<string, z.ZodType>();
  for (const exports of Object.values(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) found.set(name, value);
    }
  }
  return found;
}

describe('entity schemas', () => {
  const schemas = schemaExports();

  it('has a valid and an invalid example for every exported schema', () => {
    const missing = [...schemas.keys()].filter((name) => !(name in examples));
    const unknown = Object.keys(examples).filter((name) => !schemas.has(name));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it.each(Object.entries(examples))('%s accepts its valid example', (name, example) => {
    const result = schemas.get(name)!.safeParse(example.valid);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it.each(Object.entries(examples))('%s refuses its invalid example', (name, example) => {
    expect(schemas.get(name)!.safeParse(example.invalid).success).toBe(false);
  });
});
