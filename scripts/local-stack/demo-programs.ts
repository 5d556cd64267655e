import type { Program } from '../../shared/programs/program';

function evaluationPhase(programId: string, size: number): Program['phases'][number] {
  return {
    phaseId: 'evaluation',
    phaseName: 'Evaluation',
    description: `Reach the profit target on a $${size.toLocaleString('en-US')} account without breaching a rule.`,
    type: 'evaluation',
    accountSize: size,
    startingBalance: size,
    currency: 'USD',
    nextPhase: 'sim-funded',
    rules: { programId, phaseId: 'evaluation', evaluationOrder: 'priority', rules: [] },
    fees: [
      { type: 'purchase', fee: 165, recurring: 'monthly', feeCurrency: 'USD' },
      { type: 'reset', fee: 99, recurring: 'one-time', feeCurrency: 'USD' },
    ],
    phaseManagement: { payoutEligible: false, maxAccountsPerTrader: 5 },
  };
}

/** The two programs a fresh local stack shows before the data-model issue's generator seeds the rest. */
export const DEMO_PROGRAMS: Program[] = [
  {
    prefix: 'EVAL50K',
    name: '50K Evaluation',
    description: 'One-step evaluation on a $50,000 account.',
    type: 'eval',
    status: 'active',
    currentPhase: 'evaluation',
    createdBy: 'admin@example.com',
    version: 1,
    phases: [evaluationPhase('EVAL50K', 50_000)],
    urls: {},
  },
  {
    prefix: 'SIMF100K',
    name: '100K Sim Funded',
    description: 'Sim-funded account for traders who passed the $100,000 evaluation.',
    type: 'sim-funded',
    status: 'active',
    currentPhase: 'sim-funded',
    createdBy: 'admin@example.com',
    version: 1,
    phases: [
      {
        ...evaluationPhase('SIMF100K', 100_000),
        phaseId: 'sim-funded',
        phaseName: 'Sim Funded',
        description: 'Trade the funded account; payouts follow the consistency rule.',
        type: 'sim-funded',
        nextPhase: undefined,
        rules: {
          programId: 'SIMF100K',
          phaseId: 'sim-funded',
          evaluationOrder: 'priority',
          rules: [],
        },
        phaseManagement: { payoutEligible: true, maxAccountsPerTrader: 3 },
      },
    ],
    urls: {},
  },
];
