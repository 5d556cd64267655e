/** Programs and rules as the API answers them, for the programs and rules screens' tests. */

export const drawdownRule = {
  ruleId: 'drawdown-eod',
  name: 'EOD Trailing Drawdown',
  description: 'The balance must stay above a floor that trails the end-of-day balance.',
  category: 'drawdown',
  type: 'violation',
  action: {
    type: 'termination',
    description: 'The account fails.',
    immediate: true,
    requiresApproval: false,
  },
  enabled: true,
  priority: 1,
  testClassName: 'DrawdownRule',
  testParameters: { maxDrawdown: 2000, resetType: 'trailing' },
  successMessage: 'Drawdown {actual} within {target}',
  failureMessage: 'Drawdown {actual} beyond {target}',
  isActive: true,
  version: '1.0.0',
  tags: ['drawdown', 'trailing'],
  examples: [],
  parameterValidation: [{ parameterName: 'maxDrawdown', required: true }],
};

export const profitTargetRule = {
  ...drawdownRule,
  ruleId: 'profit-target',
  name: 'Profit Target',
  description: 'Reach the profit target to pass the phase.',
  category: 'profit-target',
  type: 'benchmark',
  action: {
    type: 'graduation',
    description: 'The phase is passed.',
    immediate: false,
    requiresApproval: true,
  },
  testClassName: 'ProfitTargetRule',
  testParameters: { target: 3000, type: 'absolute' },
  tags: ['benchmark'],
  parameterValidation: [],
};

export const tradingDaysRule = {
  ...drawdownRule,
  ruleId: 'min-days',
  name: 'Minimum Trading Days',
  description: 'Trade on at least five days.',
  category: 'trading-days',
  type: 'benchmark',
  testClassName: 'TradingDaysRule',
  testParameters: { minDays: 5 },
  tags: [],
  isActive: false,
  enabled: false,
  parameterValidation: [],
};

export const positionRule = {
  ...drawdownRule,
  ruleId: 'max-position',
  name: 'Maximum Position Size',
  description: 'At most five contracts.',
  category: 'position-size',
  testClassName: 'PositionSizeRule',
  testParameters: { maxPositionSize: 5 },
  tags: [],
  parameterValidation: [],
};

export const rules = [drawdownRule, profitTargetRule, tradingDaysRule, positionRule];

export function rulesResponse(usedBy: Record<string, string[]> = { 'drawdown-eod': ['EVAL50'] }) {
  return { rules, usedBy };
}

const reference = (ruleId: string, extra: Record<string, unknown> = {}) => ({
  ruleId,
  enabled: true,
  priority: 100,
  parameterOverrides: {},
  customMessages: {},
  ...extra,
});

export function phase(phaseId: string, extra: Record<string, unknown> = {}) {
  return {
    phaseId,
    phaseName: `Phase ${phaseId}`,
    description: '',
    type: 'evaluation',
    accountSize: 50_000,
    startingBalance: 50_000,
    currency: 'USD',
    rules: {
      programId: 'EVAL50',
      phaseId,
      evaluationOrder: 'priority',
      rules: [
        reference('drawdown-eod', { parameterOverrides: { maxDrawdown: 2500 } }),
        reference('profit-target'),
        reference('min-days'),
        reference('max-position'),
      ],
    },
    fees: [
      { type: 'purchase', fee: 149.5, recurring: 'one-time', feeCurrency: 'USD' },
      { type: 'purchase', fee: 99, recurring: 'monthly', feeCurrency: 'USD' },
      { type: 'reset', fee: 80, recurring: 'one-time', feeCurrency: 'USD' },
    ],
    phaseManagement: { payoutEligible: false, maxAccountsPerTrader: 1 },
    ...extra,
  };
}

export const evalProgram = {
  prefix: 'EVAL50',
  name: 'Evaluation 50K',
  description: 'Two-step evaluation.',
  type: 'eval',
  status: 'active',
  currentPhase: 'phase-1',
  createdBy: 'admin',
  version: 3,
  phases: [phase('phase-1')],
  urls: {},
  updatedAt: '2026-11-20T10:00:00.000Z',
};

export const programs = [
  evalProgram,
  {
    prefix: 'SIM100',
    name: 'Sim Funded 100K',
    description: 'Funded.',
    type: 'sim-funded',
    status: 'suspended',
    currentPhase: 'funded',
    version: 1,
    phases: [
      phase('funded', {
        accountSize: 100_000,
        startingBalance: 100_000,
        fees: [],
        rules: { programId: 'SIM100', phaseId: 'funded', evaluationOrder: 'priority', rules: [] },
      }),
    ],
  },
  { prefix: 'DEMO', name: 'Demo', type: 'demo', status: 'inactive', version: 2 },
];

/**
 * The app's What's New modal opens about a second after load once a session (spec 001 §2.15); the
 * screens' tests run longer than that, so they start as a session that has seen it.
 */
export function skipWhatsNewModal() {
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
}
