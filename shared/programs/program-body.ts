import * as z from 'zod';
import {
  boundedTextSchema,
  idSchema,
  INPUT_LIMITS,
  requiredTextSchema,
  webUrlSchema,
} from '../common/fields';
import { ruleActionTypeSchema } from '../rules/rule-definition';
import { boundedJsonRecordSchema } from './bounded-json';
import {
  PROGRAM_PREFIX_CHARACTERS,
  evaluationOrderSchema,
  feeRecurrenceSchema,
  feeTypeSchema,
  phaseTypeSchema,
  programPrefixSchema,
  programStatusSchema,
  programTypeSchema,
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

function phaseText(text: string, field: string, max: number = INPUT_LIMITS.name) {
  const message = phaseMessage(text);
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: phaseMessage(`${field} must be at most ${max} characters`) });
}

function phaseBoundedText(field: string, max: number) {
  return z
    .string({ error: phaseMessage(`${field} must be text`) })
    .max(max, { error: phaseMessage(`${field} must be at most ${max} characters`) });
}

/**
 * The currencies a phase may be priced in (the form offers this list instead of free text,
 * and the API refuses anything else). USD is the default of spec 001 §9.
 */
export const PHASE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY'] as const;

/** Amounts a phase holds: dollars, above 0 and at most a billion. */
export const MAX_AMOUNT = 1_000_000_000;

function positiveAmount(text: string, field: string) {
  const message = phaseMessage(text);
  return z
    .number({ error: message })
    .gt(0, { error: message })
    .max(MAX_AMOUNT, {
      error: phaseMessage(`${field} must be at most ${MAX_AMOUNT.toLocaleString('en-US')}`),
    });
}

/** Spec 001 §2.5 and decision 18: a phase's rule reference has a priority from 1 to 1000. */
export const PHASE_RULE_PRIORITY_MESSAGE = 'Priority must be between 1 and 1000';

const phaseRulePrioritySchema = z
  .number({ error: PHASE_RULE_PRIORITY_MESSAGE })
  .int({ error: PHASE_RULE_PRIORITY_MESSAGE })
  .min(1, { error: PHASE_RULE_PRIORITY_MESSAGE })
  .max(1000, { error: PHASE_RULE_PRIORITY_MESSAGE });

/** Custom messages of a rule reference; {actual} and {target} are filled in when judged. */
export const customMessagesBodySchema = z.strictObject({
  failure: boundedTextSchema('Custom failure message', INPUT_LIMITS.text).optional(),
  success: boundedTextSchema('Custom success message', INPUT_LIMITS.text).optional(),
  warning: boundedTextSchema('Custom warning message', INPUT_LIMITS.text).optional(),
});

/**
 * A rule reference as a client sends it (the phase card, the program-rule form): the rule id, and the
 * settings that default as a new reference starts (enabled, priority 100, no overrides).
 */
export const phaseRuleReferenceBodySchema = z.strictObject({
  ruleId: idSchema('Rule ID'),
  /** May come back with a program the client read; the server pins the current version on save. */
  ruleVersion: z
    .number({ error: 'Rule version must be a whole number from 1 to 999999' })
    .int({ error: 'Rule version must be a whole number from 1 to 999999' })
    .min(1, { error: 'Rule version must be a whole number from 1 to 999999' })
    .max(999_999, { error: 'Rule version must be a whole number from 1 to 999999' })
    .optional(),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
  priority: phaseRulePrioritySchema.default(100),
  parameterOverrides: boundedJsonRecordSchema('Parameter overrides').default({}),
  actionOverride: ruleActionTypeSchema.optional(),
  customMessages: customMessagesBodySchema.default({}),
});
export type PhaseRuleReferenceBody = z.infer<typeof phaseRuleReferenceBodySchema>;

/**
 * `PUT /api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}`: the settings of a phase's rule
 * reference to change. Absent fields stay as they are; `parameterOverrides` replaces the whole map;
 * the rule id comes from the path.
 */
export const phaseRuleReferenceUpdateBodySchema = z.strictObject({
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
  priority: phaseRulePrioritySchema.optional(),
  parameterOverrides: boundedJsonRecordSchema('Parameter overrides').optional(),
  actionOverride: ruleActionTypeSchema.nullable().optional(),
  customMessages: customMessagesBodySchema.optional(),
});
export type PhaseRuleReferenceUpdateBody = z.infer<typeof phaseRuleReferenceUpdateBodySchema>;

export const feeBodySchema = z.strictObject({
  type: feeTypeSchema,
  fee: z
    .number({ error: phaseMessage('Fee must be a number') })
    .min(0, { error: phaseMessage('Fee must be at least 0') })
    .max(MAX_AMOUNT, {
      error: phaseMessage(`Fee must be at most ${MAX_AMOUNT.toLocaleString('en-US')}`),
    }),
  recurring: feeRecurrenceSchema,
  description: boundedTextSchema('Fee description', INPUT_LIMITS.name).optional(),
  feeCurrency: boundedTextSchema('Fee currency', INPUT_LIMITS.name).default('USD'),
});

/** A payout amount of the phase card (Buffer, Minimum payout, Maximum payout), named in its messages. */
function payoutFigure(field: string) {
  return z
    .number({ error: phaseMessage(`${field} must be a number`) })
    .min(0, { error: phaseMessage(`${field} must be at least 0`) })
    .max(MAX_AMOUNT, {
      error: phaseMessage(`${field} must be at most ${MAX_AMOUNT.toLocaleString('en-US')}`),
    });
}

/** A payout-eligible phase's payout parameters (`payoutParametersSchema`), as the phase card sends them. */
export const payoutParametersBodySchema = z
  .strictObject({
    buffer: payoutFigure('Buffer').default(0),
    minAmount: payoutFigure('Minimum payout').default(0),
    maxAmount: payoutFigure('Maximum payout')
      .refine((value) => value > 0, { error: phaseMessage('Maximum payout must be above 0') })
      .optional(),
    profitSplit: z
      .number({ error: phaseMessage('Profit split must be a number') })
      .min(0, { error: phaseMessage('Profit split must be from 0 to 100') })
      .max(100, { error: phaseMessage('Profit split must be from 0 to 100') })
      .default(100),
  })
  .refine((payout) => payout.maxAmount === undefined || payout.maxAmount >= payout.minAmount, {
    path: ['maxAmount'],
    error: phaseMessage('Maximum payout must not be below Minimum payout'),
  });

export const phaseManagementBodySchema = z.strictObject({
  payoutEligible: z.boolean({ error: 'Payout Eligible must be true or false' }).default(false),
  payout: payoutParametersBodySchema.optional(),
  maxAccountsPerTrader: z
    .number({ error: 'Max Accounts Per Trader must be a whole number' })
    .int({ error: 'Max Accounts Per Trader must be a whole number' })
    .min(1, { error: 'Max Accounts Per Trader must be at least 1' })
    .max(10_000, { error: 'Max Accounts Per Trader must be at most 10000' })
    .optional(),
});

/** A phase as the program form sends it, with the per-phase rules of spec 001 §5. */
export const phaseBodySchema = z.strictObject({
  phaseId: phaseText(PHASE_MESSAGES.phaseIdRequired, 'Phase ID', INPUT_LIMITS.id),
  phaseName: phaseText(PHASE_MESSAGES.phaseNameRequired, 'Phase Name'),
  description: phaseBoundedText('Phase description', INPUT_LIMITS.text).default(''),
  type: z.enum(phaseTypeSchema.options, {
    error: (issue) =>
      phaseMessage(
        issue.input === undefined || issue.input === ''
          ? PHASE_MESSAGES.phaseTypeRequired
          : `Phase Type must be one of ${phaseTypeSchema.options.join(', ')}`,
      )(issue),
  }),
  accountSize: positiveAmount(PHASE_MESSAGES.accountSizePositive, 'Account Size'),
  startingBalance: positiveAmount(PHASE_MESSAGES.startingBalancePositive, 'Starting Balance'),
  currency: z.enum(PHASE_CURRENCIES, {
    error: (issue) =>
      phaseMessage(
        issue.input === undefined || String(issue.input).trim() === ''
          ? PHASE_MESSAGES.currencyRequired
          : `Currency must be one of ${PHASE_CURRENCIES.join(', ')}`,
      )(issue),
  }),
  nextPhase: phaseBoundedText('Next phase', INPUT_LIMITS.id).optional(),
  isNextAProgram: z.boolean().optional(),
  rules: z.strictObject(
    {
      programId: phaseText(PHASE_MESSAGES.rulesProgramIdRequired, 'Program ID', INPUT_LIMITS.id),
      phaseId: phaseText(PHASE_MESSAGES.rulesPhaseIdRequired, 'Phase ID', INPUT_LIMITS.id),
      evaluationOrder: evaluationOrderSchema.default('priority'),
      rules: z
        .array(phaseRuleReferenceBodySchema, {
          error: phaseMessage(PHASE_MESSAGES.rulesArrayRequired),
        })
        .max(INPUT_LIMITS.arrayItems, {
          error: phaseMessage(`A phase holds at most ${INPUT_LIMITS.arrayItems} rules`),
        }),
    },
    { error: phaseMessage(PHASE_MESSAGES.rulesRequired) },
  ),
  fees: z
    .array(feeBodySchema, { error: phaseMessage(PHASE_MESSAGES.feesRequired) })
    .max(INPUT_LIMITS.arrayItems, {
      error: phaseMessage(`A phase holds at most ${INPUT_LIMITS.arrayItems} fees`),
    }),
  phaseManagement: phaseManagementBodySchema.default({ payoutEligible: false }),
});
export type PhaseBody = z.infer<typeof phaseBodySchema>;
export type PhaseBodyInput = z.input<typeof phaseBodySchema>;

type ProgramMessages = typeof PROGRAM_CREATE_MESSAGES | typeof PROGRAM_EDIT_MESSAGES;

/** Prefixes are upper-cased as typed (spec 001 §2.1); then only letters, digits and hyphens remain. */
function prefixSchema(messages: ProgramMessages) {
  return z
    .string({ error: messages.prefixRequired })
    .trim()
    .min(1, { error: messages.prefixRequired, abort: true })
    .max(INPUT_LIMITS.id, {
      error: `Program prefix must be at most ${INPUT_LIMITS.id} characters`,
      abort: true,
    })
    .transform((prefix) => prefix.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9-]+$/, { error: messages.prefixCharacters }));
}

function programText(message: string, field: string, max: number) {
  return requiredTextSchema(message).max(max, {
    error: `${field} must be at most ${max} characters`,
  });
}

function programTypeField(message: string) {
  return z.enum(programTypeSchema.options, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? message
        : `Program type must be one of ${programTypeSchema.options.join(', ')}`,
  });
}

export const PHASE_ID_DUPLICATE = 'Phase ID must be unique in the program';
export const RULE_DUPLICATE = 'A rule can be in a phase only once';

/**
 * Phase ids name phases (the current phase, a next phase, an account's phase) and a rule is judged
 * once per phase, so both must be unique; the messages carry the phase number like the others.
 */
function phasesField(message: string) {
  return z
    .array(phaseBodySchema, { error: message })
    .min(1, { error: message })
    .max(INPUT_LIMITS.arrayItems, {
      error: `A program holds at most ${INPUT_LIMITS.arrayItems} phases`,
    })
    .superRefine((phases, context) => {
      const phaseIds = new Set<string>();
      phases.forEach((phase, index) => {
        if (phaseIds.has(phase.phaseId)) {
          context.addIssue({
            code: 'custom',
            message: `Phase ${index + 1}: ${PHASE_ID_DUPLICATE}`,
            path: [index, 'phaseId'],
          });
        }
        phaseIds.add(phase.phaseId);
        const ruleIds = new Set<string>();
        phase.rules.rules.forEach((reference, position) => {
          if (ruleIds.has(reference.ruleId)) {
            context.addIssue({
              code: 'custom',
              message: `Phase ${index + 1}: ${RULE_DUPLICATE} (${reference.ruleId})`,
              path: [index, 'rules', 'rules', position, 'ruleId'],
            });
          }
          ruleIds.add(reference.ruleId);
        });
      });
    });
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

/** A program's action URLs; the program form sends an empty one as `''`. */
export const programUrlsBodySchema = z.strictObject({
  purchaseUrl: webUrlSchema('Purchase URL', { emptyAllowed: true }).optional(),
  resetUrl: webUrlSchema('Reset URL', { emptyAllowed: true }).optional(),
  cancelUrl: webUrlSchema('Cancel URL', { emptyAllowed: true }).optional(),
});

/**
 * What the server keeps for itself: a client that sends back a program it read (the edit form, the
 * JSON view) may include them, and they are ignored.
 */
const serverManagedFields = {
  createdAt: boundedTextSchema('createdAt', INPUT_LIMITS.name).optional(),
  updatedAt: boundedTextSchema('updatedAt', INPUT_LIMITS.name).optional(),
  updatedBy: boundedTextSchema('updatedBy', INPUT_LIMITS.name).optional(),
};

/** `POST /api/programs`: the whole program; creating sends version 1 (spec 001 §4). */
export const programCreateBodySchema = z
  .strictObject({
    prefix: prefixSchema(PROGRAM_CREATE_MESSAGES),
    name: programText(PROGRAM_CREATE_MESSAGES.nameRequired, 'Program name', INPUT_LIMITS.name),
    description: programText(
      PROGRAM_CREATE_MESSAGES.descriptionRequired,
      'Description',
      INPUT_LIMITS.text,
    ),
    type: programTypeField(PROGRAM_CREATE_MESSAGES.typeRequired),
    status: programStatusSchema.default('active'),
    currentPhase: programText(
      PROGRAM_CREATE_MESSAGES.currentPhaseRequired,
      'Current phase',
      INPUT_LIMITS.id,
    ),
    createdBy: programText(
      PROGRAM_CREATE_MESSAGES.createdByRequired,
      'Created By',
      INPUT_LIMITS.name,
    ),
    version: z.literal(1, { error: 'A new program starts at version 1' }).default(1),
    phases: phasesField(PROGRAM_CREATE_MESSAGES.phasesRequired),
    urls: programUrlsBodySchema.default({}),
    ...serverManagedFields,
  })
  .refine(hasCurrentPhase, currentPhaseExists(PROGRAM_EDIT_MESSAGES.currentPhaseMissing));
export type ProgramCreateBody = z.infer<typeof programCreateBodySchema>;
export type ProgramCreateBodyInput = z.input<typeof programCreateBodySchema>;

/** Versions are stored zero-padded to 6 digits. */
export const MAX_PROGRAM_VERSION = 999_999;

/**
 * `PUT /api/programs/{prefix}`: the whole program with the version the editor loaded raised by 1
 * (decision 16); the server stores it only if that is the current version plus 1, else 409.
 */
export const programUpdateBodySchema = z
  .strictObject({
    prefix: prefixSchema(PROGRAM_EDIT_MESSAGES),
    name: programText(PROGRAM_EDIT_MESSAGES.nameRequired, 'Program Name', INPUT_LIMITS.name),
    description: programText(
      PROGRAM_EDIT_MESSAGES.descriptionRequired,
      'Description',
      INPUT_LIMITS.text,
    ),
    type: programTypeField(PROGRAM_EDIT_MESSAGES.typeRequired),
    status: z.enum(programStatusSchema.options, { error: PROGRAM_EDIT_MESSAGES.statusRequired }),
    currentPhase: programText(
      PROGRAM_EDIT_MESSAGES.currentPhaseRequired,
      'Current Phase',
      INPUT_LIMITS.id,
    ),
    createdBy: programText(
      PROGRAM_EDIT_MESSAGES.createdByRequired,
      'Created By',
      INPUT_LIMITS.name,
    ),
    version: z
      .number({ error: PROGRAM_EDIT_MESSAGES.versionRequired })
      .int({ error: PROGRAM_EDIT_MESSAGES.versionRequired })
      .min(1, { error: PROGRAM_EDIT_MESSAGES.versionRequired })
      .max(MAX_PROGRAM_VERSION, { error: PROGRAM_EDIT_MESSAGES.versionRequired }),
    phases: phasesField(PROGRAM_EDIT_MESSAGES.phasesRequired),
    urls: programUrlsBodySchema.default({}),
    ...serverManagedFields,
  })
  .refine(hasCurrentPhase, currentPhaseExists(PROGRAM_EDIT_MESSAGES.currentPhaseMissing));
export type ProgramUpdateBody = z.infer<typeof programUpdateBodySchema>;
export type ProgramUpdateBodyInput = z.input<typeof programUpdateBodySchema>;

export const NEW_PREFIX_REQUIRED = 'New prefix is required';
export const NEW_NAME_REQUIRED = 'New program name is required';

/** The name the copy dialog suggests: never the original's name as it is. */
export const copyNameOf = (name: string): string => `${name} (copy)`;

/**
 * `POST /api/programs/{prefix}/copy`. The prompt refuses an empty prefix and upper-cases it (spec 001
 * §2.1); the result must then be a valid prefix.
 */
export const programCopyBodySchema = z.strictObject({
  newPrefix: z
    .string({ error: NEW_PREFIX_REQUIRED })
    .trim()
    .min(1, { error: NEW_PREFIX_REQUIRED })
    .max(INPUT_LIMITS.id, { error: `New prefix must be at most ${INPUT_LIMITS.id} characters` })
    .transform((prefix) => prefix.toUpperCase())
    .pipe(programPrefixSchema),
  /** The copy's name; absent keeps the original's (callers before the dialog offered one). */
  newName: z
    .string({ error: NEW_NAME_REQUIRED })
    .trim()
    .min(1, { error: NEW_NAME_REQUIRED })
    .max(INPUT_LIMITS.name, {
      error: `New program name must be at most ${INPUT_LIMITS.name} characters`,
    })
    .optional(),
});
export type ProgramCopyBody = z.infer<typeof programCopyBodySchema>;
