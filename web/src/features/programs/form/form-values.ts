import { zodResolver } from '@hookform/resolvers/zod';
import { useFormContext, type FieldErrors, type Resolver } from 'react-hook-form';
import { collectErrorMessages as collectMessages } from '@/lib/form-schema';
import {
  programCreateBodySchema,
  programUpdateBodySchema,
  type PhaseBodyInput,
  type ProgramUpdateBody,
  type ProgramUpdateBodyInput,
} from '@shared/programs/program-body';
import { PROGRAM_EDIT_DEFAULTS, createDefaultEditPhase } from '@shared/programs/program-defaults';
import type { Program } from '@shared/programs/program';

/** The form holds a program body; create and edit validate it with their own API schema. */
export type ProgramFormValues = ProgramUpdateBodyInput;
export type ProgramFormOutput = ProgramUpdateBody;
export type PhaseFormValues = PhaseBodyInput;
export type FormMode = 'create' | 'edit';

/** The program form's context, typed, so every part of the form works on the same values. */
export const useProgramFormContext = () =>
  useFormContext<ProgramFormValues, unknown, ProgramFormOutput>();

/**
 * A phase's rule configuration names its program and phase; the form keeps them equal to the
 * prefix and the phase id as those are typed, so they are never a thing to fill in.
 */
export function withRuleOwners(values: ProgramFormValues): ProgramFormValues {
  const prefix = typeof values.prefix === 'string' ? values.prefix : '';
  return {
    ...values,
    phases: (values.phases ?? []).map((phase) => ({
      ...phase,
      rules: {
        ...phase.rules,
        programId: prefix,
        phaseId: typeof phase.phaseId === 'string' ? phase.phaseId : '',
      },
    })),
  };
}

/**
 * The zod resolver on the API's own body schema (create or edit messages of spec 001 §5), run on
 * the values with their rule owners filled in.
 */
export function programFormResolver(
  mode: FormMode,
): Resolver<ProgramFormValues, unknown, ProgramFormOutput> {
  const schema = mode === 'create' ? programCreateBodySchema : programUpdateBodySchema;
  const resolve = zodResolver(schema) as unknown as Resolver<
    ProgramFormValues,
    unknown,
    ProgramFormOutput
  >;
  return (values, context, options) => resolve(withRuleOwners(values), context, options);
}

/**
 * A stored program as the edit form starts from it, with spec 001 §9's edit defaults for what it
 * lacks: status active, version 1, created by 'admin', and a first evaluation phase when it has none.
 */
export function programToFormValues(program: Program): ProgramFormValues {
  return {
    prefix: program.prefix,
    name: program.name,
    description: program.description,
    type: program.type,
    status: program.status ?? PROGRAM_EDIT_DEFAULTS.status,
    currentPhase: program.currentPhase ?? '',
    createdBy: program.createdBy ?? PROGRAM_EDIT_DEFAULTS.createdBy,
    version: program.version ?? PROGRAM_EDIT_DEFAULTS.version,
    phases: (program.phases.length > 0
      ? program.phases
      : [createDefaultEditPhase(program.prefix)]
    ).map((phase) => ({
      phaseId: phase.phaseId,
      phaseName: phase.phaseName,
      description: phase.description,
      type: phase.type,
      accountSize: phase.accountSize,
      startingBalance: phase.startingBalance,
      // A currency saved before the list existed shows as '(not in the list)' until one is chosen.
      currency: phase.currency as PhaseFormValues['currency'],
      ...(phase.nextPhase === undefined ? {} : { nextPhase: phase.nextPhase }),
      ...(phase.isNextAProgram === undefined ? {} : { isNextAProgram: phase.isNextAProgram }),
      // Stored overrides were validated as JSON when they were saved.
      rules: phase.rules as PhaseFormValues['rules'],
      fees: phase.fees,
      phaseManagement: phase.phaseManagement,
    })),
    urls: program.urls,
  };
}

/**
 * The messages of the 'Validation Error' alert (under 'Please fix the following required fields'),
 * without those of a phase's rule owners: the form fills them from the prefix and the phase id, whose
 * own messages say what to type ('Rules configuration needs a Program ID' is nothing to act on).
 */
export function collectErrorMessages(errors: FieldErrors): string[] {
  return collectMessages(
    errors,
    (path) =>
      path.length === 4 &&
      path[0] === 'phases' &&
      path[2] === 'rules' &&
      (path[3] === 'programId' || path[3] === 'phaseId'),
  );
}
