import { currentPhaseOf } from '@shared/programs/current-phase';
import type { Phase } from '@shared/programs/program';

const phase = (phaseId: string): Phase => ({ phaseId }) as Phase;
const program = { currentPhase: 'funded', phases: [phase('eval'), phase('funded')] };

describe('currentPhaseOf', () => {
  it("finds a program's own current phase", () => {
    expect(currentPhaseOf(program)?.phaseId).toBe('funded');
  });

  it('falls back to the first phase when the current id names none', () => {
    expect(currentPhaseOf({ ...program, currentPhase: 'gone' })?.phaseId).toBe('eval');
  });

  it("finds an account's phase by the account's id, not the program's", () => {
    expect(currentPhaseOf(program, { currentPhase: 'eval' })?.phaseId).toBe('eval');
  });

  it('has no phase for an account whose version lacks its phase', () => {
    expect(currentPhaseOf(program, { currentPhase: 'gone' })).toBeUndefined();
  });

  it('has no phase for a program without phases', () => {
    expect(currentPhaseOf({ currentPhase: 'eval', phases: [] })).toBeUndefined();
  });
});
