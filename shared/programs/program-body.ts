import { z } from 'zod';
import { requiredTextSchema } from '../common/fields';
import {
  PROGRAM_PREFIX_CHARACTERS,
  evaluationOrderSchema,
  feeSchema,
  phaseManagementSchema,
  phaseRuleReferenceSchema,
  phaseTypeSchema,
  programPrefixSchema,
  programStatusSchema,
  programTypeSchema,
  programUrlsSchema,
} from './program';

/**
 * Bodies of the program write calls (spec 001 §7) with the validation of spec 001 §5. The form joins
 * every message under 'Please fix the following required fields'; each message here is the spec's
 * own sentence, so the API's 400 details and the form's alert read the same.
 */

/** Spec 001 §5, create program. */
export const PROGRAM_CREATE_MESSAGES = {
  prefixRequired: 'Program prefix is required',
  prefixCharacters: PROGRAM_PREFIX_CHARACTERS,
  nameRequired: 'Program name is required',
  descriptionRequired: 'Description is required',
  typeRequired: 'Program type is required',
  currentPhaseRequired: 'Current phase is required',
  createdByRequired: 'Created By is required',
  phasesRequired: 'At least one phase is required',
} as const;

/** Spec 001 §5, edit program. The spec names no type message; this one follows its wording. */
export const PROGRAM_EDIT_MESSAGES = {
  prefixRequired: 'Program Prefix is required',
  prefixCharacters: PROGRAM_PREFIX_CHARACTERS,
  nameRequired: 'Program Name is required',
  descriptionRequired: 'Description is required',
  typeRequired: 'Program Type is required',
  statusRequired: 'Program Status is required',
  currentPhaseRequired: 'Current Phase is required',
  createdByRequired: 'Created By is required',
  phasesRequired: 'At least one phase is required',
  currentPhaseMissing: 'Current Phase must exist in the phases array',
  versionRequired: 'Version must be a whole number of at least 1',
} as const;

/** Per-phase messages of spec 001 §5; shown as 'Phase N: <message>' inside a program body. */
export const PHASE_MESSAGES = {
  phaseIdRequired: 'Phase ID is required',
  phaseNameRequired: 'Phase Name is required',
  phaseTypeRequired: 'Phase Type is required',
  accountSizePositive: 'Account Size must be greater than 0',
  startingBalancePositive: 'Starting Balance must be greater than 0',
  currencyRequired: 'Currency is required',
  rulesRequired: 'Rules configuration is required',
  rulesProgramIdRequired: 'Rules configuration needs a Program ID',
  rulesPhaseIdRequired: 'Rules configuration needs a Phase ID',
  rulesArrayRequired: 'Rules configuration needs a rules array',
  feesRequired: 'Fees array is required',
} as const;

type IssuePath = { path?: PropertyKey[] | undefined };

/**
 * A message that names its phase: zod resolves messages once the issue carries its full path, so an
 * issue under `phases[1]` reads 'Phase 2: …' and the same schema used alone reads just '…'.
 */
function phaseMessage(text: string) {
  return (issue: IssuePath): string => {
    const path = issue.path ?? [];
    const at = path.indexOf('phases');
    const index = at >= 0 ? path[at + 1] : undefined;
    return typeof index === 'number' ? `Phase ${index + 1}: ${text}` : text;
  };
}

function phaseText(text: string) {
  const message = phaseMessage(text);
  return z.string({ error: message }).trim().min(1, { error: message });
}

function positiveAmount(text: string) {
  const message = phaseMessage(text);
  return z.number({ error: message }).gt(0, { error: message });
}

/** A phase as the program form sends it, with the per-phase rules of spec 001 §5. */
export const phaseBodySchema = z.object({
  phaseId: phaseText(PHASE_MESSAGES.phaseIdRequired),
  phaseName: phaseText(PHASE_MESSAGES.phaseNameRequired),
  description: z.string().default(''),
  type: z.enum(phaseTypeSchema.options, {
    error: (issue) =>
      phaseMessage(
        issue.input === undefined || issue.input === ''
          ? PHASE_MESSAGES.phaseTypeRequired
          : `Phase Type must be one of ${phaseTypeSchema.options.join(', ')}`,
      )(issue),
  }),
  accountSize: positiveAmount(PHASE_MESSAGES.accountSizePositive),
  startingBalance: positiveAmount(PHASE_MESSAGES.startingBalancePositive),
  currency: phaseText(PHASE_MESSAGES.currencyRequired),
  nextPhase: z.string().optional(),
  isNextAProgram: z.boolean().optional(),
  rules: z.object(
    {
      programId: phaseText(PHASE_MESSAGES.rulesProgramIdRequired),
      phaseId: phaseText(PHASE_MESSAGES.rulesPhaseIdRequired),
      evaluationOrder: evaluationOrderSchema.default('priority'),
      rules: z.array(phaseRuleReferenceSchema, {
        error: phaseMessage(PHASE_MESSAGES.rulesArrayRequired),
      }),
    },
    { error: phaseMessage(PHASE_MESSAGES.rulesRequired) },
  ),
  fees: z.array(feeSchema, { error: phaseMessage(PHASE_MESSAGES.feesRequired) }),
  phaseManagement: phaseManagementSchema.default({ payoutEligible: false }),
});
export type PhaseBody = z.infer<typeof phaseBodySchema>;
export type PhaseBodyInput = z.input<typeof phaseBodySchema>;

type ProgramMessages = typeof PROGRAM_CREATE_MESSAGES | typeof PROGRAM_EDIT_MESSAGES;

function prefixSchema(messages: ProgramMessages) {
  return z
    .string({ error: messages.prefixRequired })
    .trim()
    .min(1, { error: messages.prefixRequired, abort: true })
    .regex(/^[A-Z0-9-]+$/, { error: messages.prefixCharacters });
}

function programTypeField(message: string) {
  return z.enum(programTypeSchema.options, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? message
        : `Program type must be one of ${programTypeSchema.options.join(', ')}`,
  });
}

function phasesField(message: string) {
  return z.array(phaseBodySchema, { error: message }).min(1, { error: message });
}

/**
 * Spec 001 §5 lists this check for the edit form; create applies it too, since a program whose
 * current phase does not exist cannot place an account. It runs even when other fields fail, so
 * the form shows every problem at once.
 */
function currentPhaseExists(message: string) {
  return {
    error: message,
    path: ['currentPhase'],
    // Only when there is a current phase and a phase to look in: their own messages cover the rest.
    when: (payload: { value: unknown }) => {
      const value = payload.value as { currentPhase?: unknown; phases?: unknown } | null;
      return (
        typeof value?.currentPhase === 'string' &&
        value.currentPhase.trim() !== '' &&
        Array.isArray(value.phases) &&
        value.phases.length > 0
      );
    },
  };
}

function hasCurrentPhase(program: { currentPhase: string; phases: unknown }): boolean {
  return (
    Array.isArray(program.phases) &&
    program.phases.some(
      (phase: unknown) =>
        typeof phase === 'object' &&
        phase !== null &&
        'phaseId' in phase &&
        typeof phase.phaseId === 'string' &&
        phase.phaseId.trim() === program.currentPhase.trim(),
    )
  );
}

/** `POST /api/programs`: the whole program; creating sends version 1 (spec 001 §4). */
export const programCreateBodySchema = z
  .object({
    prefix: prefixSchema(PROGRAM_CREATE_MESSAGES),
    name: requiredTextSchema(PROGRAM_CREATE_MESSAGES.nameRequired),
    description: requiredTextSchema(PROGRAM_CREATE_MESSAGES.descriptionRequired),
    type: programTypeField(PROGRAM_CREATE_MESSAGES.typeRequired),
    status: programStatusSchema.default('active'),
    currentPhase: requiredTextSchema(PROGRAM_CREATE_MESSAGES.currentPhaseRequired),
    createdBy: requiredTextSchema(PROGRAM_CREATE_MESSAGES.createdByRequired),
    version: z.literal(1, { error: 'A new program starts at version 1' }).default(1),
    phases: phasesField(PROGRAM_CREATE_MESSAGES.phasesRequired),
    urls: programUrlsSchema.default({}),
  })
  .refine(hasCurrentPhase, currentPhaseExists(PROGRAM_EDIT_MESSAGES.currentPhaseMissing));
export type ProgramCreateBody = z.infer<typeof programCreateBodySchema>;
export type ProgramCreateBodyInput = z.input<typeof programCreateBodySchema>;

/**
 * `PUT /api/programs/{prefix}`: the whole program with its version raised by 1 by the client; the
 * repository refuses a version that is not the current one plus 1 (a stale editor).
 */
export const programUpdateBodySchema = z
  .object({
    prefix: prefixSchema(PROGRAM_EDIT_MESSAGES),
    name: requiredTextSchema(PROGRAM_EDIT_MESSAGES.nameRequired),
    description: requiredTextSchema(PROGRAM_EDIT_MESSAGES.descriptionRequired),
    type: programTypeField(PROGRAM_EDIT_MESSAGES.typeRequired),
    status: z.enum(programStatusSchema.options, { error: PROGRAM_EDIT_MESSAGES.statusRequired }),
    currentPhase: requiredTextSchema(PROGRAM_EDIT_MESSAGES.currentPhaseRequired),
    createdBy: requiredTextSchema(PROGRAM_EDIT_MESSAGES.createdByRequired),
    version: z
      .number({ error: PROGRAM_EDIT_MESSAGES.versionRequired })
      .int({ error: PROGRAM_EDIT_MESSAGES.versionRequired })
      .min(1, { error: PROGRAM_EDIT_MESSAGES.versionRequired }),
    phases: phasesField(PROGRAM_EDIT_MESSAGES.phasesRequired),
    urls: programUrlsSchema.default({}),
  })
  .refine(hasCurrentPhase, currentPhaseExists(PROGRAM_EDIT_MESSAGES.currentPhaseMissing));
export type ProgramUpdateBody = z.infer<typeof programUpdateBodySchema>;
export type ProgramUpdateBodyInput = z.input<typeof programUpdateBodySchema>;

export const NEW_PREFIX_REQUIRED = 'New prefix is required';

/**
 * `POST /api/programs/{prefix}/copy`. The prompt refuses an empty prefix and upper-cases it (spec 001
 * §2.1); the result must then be a valid prefix.
 */
export const programCopyBodySchema = z.object({
  newPrefix: z
    .string({ error: NEW_PREFIX_REQUIRED })
    .trim()
    .min(1, { error: NEW_PREFIX_REQUIRED })
    .transform((prefix) => prefix.toUpperCase())
    .pipe(programPrefixSchema),
});
export type ProgramCopyBody = z.infer<typeof programCopyBodySchema>;
