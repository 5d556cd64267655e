import type { Program } from '@shared/programs/program';
import { demoPrograms, demoRules } from '../../scripts/demo-data';
import { seedPrograms, seedRules } from '../../scripts/local-stack/seed';

/** The demo firm's catalogue and programs, as `npm start` seeds them. */
export const CREATED_AT = '2026-01-01T00:00:00.000Z';
export const seededRules = () => demoRules(CREATED_AT);
export const seededPrograms = () => demoPrograms(CREATED_AT);

export async function seedCatalogue(): Promise<void> {
  await seedRules(seededRules());
  await seedPrograms(seededPrograms());
}

export function demoProgram(prefix: string): Program {
  const program = seededPrograms().find((entry) => entry.prefix === prefix);
  if (!program) throw new Error(`No demo program ${prefix}`);
  return program;
}

/**
 * A program body as the create form sends it, built from a demo program under a new prefix: what the
 * server keeps for itself (timestamps) is left out.
 */
export function programBody(prefix: string, from = 'EVAL50K') {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...program } = demoProgram(from);
  return {
    ...program,
    prefix,
    version: 1,
    phases: program.phases.map((phase) => ({
      ...phase,
      rules: { ...phase.rules, programId: prefix },
    })),
  };
}
