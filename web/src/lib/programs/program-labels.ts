import type { ProgramType } from '@shared/programs/program';

/** Spec decision 14: types are stored as the enumeration and shown with readable labels. */
export const PROGRAM_TYPE_LABELS: Record<ProgramType, string> = {
  eval: 'Evaluation',
  'hybrid-eval': 'Hybrid Evaluation',
  performance: 'Performance',
  'sim-funded': 'Sim Funded',
  'live-funded': 'Live Funded',
  demo: 'Demo',
};
