import type { PhaseBodyInput, ProgramCreateBodyInput } from './program-body';
import type { Fee, FeeType, Phase } from './program';

/**
 * Defaults of spec 001 §9 for the program forms: what 'Add Phase' and 'Create New Program' start
 * from, and what the edit screen fills in for a program stored without them.
 */

export const NEW_PHASE_DEFAULTS = {
  type: 'evaluation',
  accountSize: 50_000,
  startingBalance: 50_000,
  currency: 'USD',
  purchaseFee: 99,
  evaluationOrder: 'priority',
  payoutEligible: false,
  maxAccountsPerTrader: 1,
} as const;

export const NEW_PROGRAM_DEFAULTS = {
  type: 'eval',
  status: 'active',
  currentPhase: 'phase-1',
  version: 1,
} as const;

/** The edit screen's defaults for a stored program missing them. */
export const PROGRAM_EDIT_DEFAULTS = {
  status: 'active',
  version: 1,
  createdBy: 'admin',
} as const;

/** Editing a fee the phase does not have creates a one-time USD fee (spec 001 §2.5). */
export function createFee(type: FeeType, fee: number): Fee {
  return { type, fee, recurring: 'one-time', feeCurrency: 'USD' };
}

/** The phase 'Add Phase' appends as the `phaseNumber`-th phase: `phase-N`, 'Phase N'. */
export function createNewPhase(phaseNumber: number, programId: string): PhaseBodyInput {
  const phaseId = `phase-${phaseNumber}`;
  return {
    phaseId,
    phaseName: `Phase ${phaseNumber}`,
    description: '',
    type: NEW_PHASE_DEFAULTS.type,
    accountSize: NEW_PHASE_DEFAULTS.accountSize,
    startingBalance: NEW_PHASE_DEFAULTS.startingBalance,
    currency: NEW_PHASE_DEFAULTS.currency,
    rules: {
      programId,
      phaseId,
      evaluationOrder: NEW_PHASE_DEFAULTS.evaluationOrder,
      rules: [],
    },
    fees: [createFee('purchase', NEW_PHASE_DEFAULTS.purchaseFee)],
    phaseManagement: {
      payoutEligible: NEW_PHASE_DEFAULTS.payoutEligible,
      maxAccountsPerTrader: NEW_PHASE_DEFAULTS.maxAccountsPerTrader,
    },
  };
}

/**
 * The create form's starting values; prefix, name, description and author are the user's to fill,
 * and the form copies the prefix into each phase's `rules.programId` as it is typed.
 */
export function createNewProgram(): ProgramCreateBodyInput {
  return {
    prefix: '',
    name: '',
    description: '',
    type: NEW_PROGRAM_DEFAULTS.type,
    status: NEW_PROGRAM_DEFAULTS.status,
    currentPhase: NEW_PROGRAM_DEFAULTS.currentPhase,
    createdBy: '',
    version: NEW_PROGRAM_DEFAULTS.version,
    phases: [createNewPhase(1, '')],
    urls: {},
  };
}

/** The phase the edit screen gives a program stored without phases (spec 001 §9). */
export function createDefaultEditPhase(programId: string): Phase {
  const phaseId = 'evaluation-1';
  return {
    phaseId,
    phaseName: 'Phase 1 Evaluation',
    description: '',
    type: 'evaluation',
    accountSize: 50_000,
    startingBalance: 50_000,
    currency: 'USD',
    rules: { programId, phaseId, evaluationOrder: 'priority', rules: [] },
    fees: [],
    phaseManagement: { payoutEligible: false },
  };
}
