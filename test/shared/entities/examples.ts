import { phaseSchema, type Phase } from '@shared/programs/program';
import {
  createRulesEngine,
  ruleDefinitionSchema,
  type AccountSummary,
  type Conformance,
  type EngineState,
  type RuleDefinition,
} from '@shared/rules';

/**
 * Valid examples of the entities, shared by the schema tests. The conformance, engine state and
 * account summary come from a real run of the rules engine, so the composite schemas (report, stored
 * summary, account detail) are proven against what the engine produces.
 */

export const drawdownRuleInput = {
  ruleId: 'drawdown-eod',
  name: 'Trailing Drawdown',
  description: 'Stay above the end-of-day trailing floor',
  category: 'drawdown',
  action: { type: 'termination', description: 'Fails the account' },
  testClassName: 'DrawdownTest',
  testParameters: { maxDrawdown: 2500, resetType: 'eod' },
  successMessage: 'Above the floor by {actual}',
  failureMessage: 'Fell below {target}',
};

const profitTargetRuleInput = {
  ruleId: 'profit-target',
  name: 'Profit Target',
  description: 'Reach the profit target',
  category: 'profit-target',
  action: { type: 'graduation', description: 'Passes the phase' },
  testClassName: 'ProfitTargetTest',
  testParameters: { target: 3000, type: 'absolute' },
  successMessage: 'Target met: {actual}',
  failureMessage: 'Target not met: {actual} of {target}',
};

export const definitions: RuleDefinition[] = [
  ruleDefinitionSchema.parse(drawdownRuleInput),
  ruleDefinitionSchema.parse(profitTargetRuleInput),
];

export const phaseInput = {
  phaseId: 'evaluation',
  phaseName: 'Evaluation',
  type: 'evaluation',
  accountSize: 50_000,
  startingBalance: 50_000,
  currency: 'USD',
  rules: {
    programId: 'EVAL50K',
    phaseId: 'evaluation',
    rules: [{ ruleId: 'drawdown-eod' }, { ruleId: 'profit-target' }],
  },
  fees: [{ type: 'purchase', fee: 165, recurring: 'monthly' }],
  phaseManagement: { payoutEligible: false, maxAccountsPerTrader: 5 },
};
export const phase: Phase = phaseSchema.parse(phaseInput);

export const programInput = {
  prefix: 'EVAL50K',
  name: '50K Evaluation',
  description: 'One-step evaluation on a $50,000 account.',
  type: 'eval',
  status: 'active',
  currentPhase: 'evaluation',
  createdBy: 'admin',
  version: 1,
  phases: [phaseInput],
  urls: {},
};

const engine = createRulesEngine({ phase, definitions });
const history = engine.evaluateHistory([
  {
    date: '20260302',
    performance: { AcctBal: 50_400, NetPnl: 400, Trades: 6, WinTrades: 4, LoserTrades: 2 },
  },
  {
    date: '20260303',
    performance: { AcctBal: 50_150.5, NetPnl: -249.5, Trades: 3, WinTrades: 1, LoserTrades: 2 },
  },
]);
export const engineState: EngineState = history.state;
export const conformance: Conformance = history.conformances[1]!;
export const accountSummary: AccountSummary = engine.summarizeAccount(engineState, conformance);

export const auditRecordInput = {
  serverProcessDate: '20260302',
  serverTimestamp: '2026-03-02T14:31:05.123-06:00',
  accountNumber: 'EVAL50K-0001',
  firmUserId: 'trader-1',
  instrument: 'ESH6',
  action: 'FILL',
  status: 'FILLED',
  quantity: 2,
  buySellIndicator: 'B',
  limitPrice: 5012.25,
  fillPrice: 5012.25,
  orderNumber: 'O-1',
  orderType: 'LMT',
  serverTransactionNumber: '1001',
  exchange: 'CME',
};

export const dailyPerformanceInput = {
  Account: 'EVAL50K-0001',
  date: '20260303',
  ClosedPnl: -249.5,
  NetPnl: -249.5,
  Commissions: 12.6,
  CashBal: 50_150.5,
  AcctBal: 50_150.5,
  Trades: 3,
  WinTrades: 1,
  LoserTrades: 2,
  WinPct: 33.33,
  conformance: { overallStatus: 'compliant', overallScore: 67, violations: 0 },
};

export const accountInput = {
  accountId: 'EVAL50K-0001',
  name: 'Jane Doe 50K',
  traderId: 'T-1',
  email: 'jane@example.com',
  rithmicStatus: 'Active',
  pbtStatus: 'active',
  program: {
    prefix: 'EVAL50K',
    name: '50K Evaluation',
    version: 1,
    currentPhase: 'evaluation',
    currentPhaseData: { type: 'evaluation', startingBalance: 50_000 },
  },
  summary: { balance: 50_150.5, equity: 50_150.5 },
};

export const commentInput = {
  commentId: 'c-1',
  accountId: 'EVAL50K-0001',
  author: 'Sam Staff',
  text: 'Called the trader about the drawdown.',
  createdAt: '2026-03-03T10:00:00Z',
};

export const summaryRecordInput = {
  ...accountSummary,
  accountId: 'EVAL50K-0001',
  traderId: 'T-1',
  phase: 'evaluation',
  lastconformanceCheck: '2026-03-03T23:10:00Z',
  createdAt: '2026-03-02T23:10:00Z',
  updatedAt: '2026-03-03T23:10:00Z',
};

export const syncSummaryInput = {
  processingTimeMs: 1234,
  totalFiles: 9,
  processedFiles: 9,
  auditTrailRecords: 100,
  relationshipReportsRecords: 2,
  dailyPerformanceRecords: 2,
  dailyFillsRecords: 12,
  dailyTradesRecords: 6,
  dailySymbolsRecords: 3,
  dailyRevenueRecords: 2,
  tradersRecords: 1,
  accountsRecords: 2,
  rejectedRecords: {
    traders: 0,
    accounts: 0,
    relationships: 0,
    'daily-performance': 0,
    'daily-fills': 1,
    'daily-trades': 0,
    'daily-symbols': 0,
    'audit-trail': 0,
    'daily-revenue': 0,
  },
  rejectedRows: [
    {
      file: 'broker/20260302/daily-fills.csv',
      line: 7,
      reason: 'FillTime must be an ISO 8601 time with an offset',
    },
  ],
};

export const releaseItemInput = {
  id: 'item-1',
  title: 'Audit trail paging',
  description: 'Page through a million rows.',
  category: 'feature',
  date: '20260301',
  priority: 'high',
  tags: ['audit'],
};

export const adminReleaseInput = {
  id: 'rel-1',
  version: '1.4.0',
  releaseDate: '20260301',
  title: 'March release',
  summary: 'Faster audit trail.',
  isActive: true,
  isPublished: false,
  items: [releaseItemInput],
};

export const firmInput = {
  id: 'acme-trading',
  name: 'Acme Trading',
  industry: 'Proprietary trading',
  email: 'ops@acme.example',
  establishedYear: 2015,
  numberOfEmployees: 12,
  revenue: 1_250_000.5,
  website: 'https://acme.example',
  brokers: [
    {
      name: 'Rithmic',
      email: 'desk@rithmic.example',
      mgrAccount: [{ accountNumber: 'FCM-1', accountType: 'FCM', url: 'https://fcm.example' }],
    },
  ],
  managerSoftware: { name: 'R Trader Pro', version: '24.1', serverUrl: 'https://r.example' },
};

export const membershipUserInput = {
  user_id: '17',
  login: 'jdoe',
  email: 'jane@example.com',
  name_f: 'Jane',
  name_l: 'Doe',
  status: '1',
  is_approved: '1',
  rithmic_user_id: 'JDOE-R',
  added: '2026-01-02 10:00:00',
};
