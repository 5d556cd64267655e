import type { Phase, Program } from './program';

/**
 * The phase of a program version something is in, found the one way everywhere:
 *
 * - `currentPhaseOf(program)`: the program's own current phase (its first phase if the id were
 *   missing, which the program schema refuses): where a new account starts, the phase a program page
 *   shows.
 * - `currentPhaseOf(version, account.program)`: the phase an account is in, by its own
 *   `currentPhase` id in the version it trades; undefined when that version has no such phase (the
 *   account is then judged by nothing rather than by another phase's rules).
 */
export function currentPhaseOf(
  program: Pick<Program, 'phases' | 'currentPhase'>,
  account?: { currentPhase: string },
): Phase | undefined {
  if (account) return program.phases.find((phase) => phase.phaseId === account.currentPhase);
  return (
    program.phases.find((phase) => phase.phaseId === program.currentPhase) ?? program.phases[0]
  );
}
