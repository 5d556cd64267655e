import * as z from 'zod';
import { boundedTextSchema, idSchema, INPUT_LIMITS } from '../common/fields';
import {
  categoryRuleType,
  parameterTypeSchema,
  ruleActionTypeSchema,
  ruleCategorySchema,
  ruleTypeSchema,
} from '../rules/rule-definition';
import { ruleParametersInputSchemas, ruleParametersSchemas } from '../rules/rule-parameters';
import { boundedJsonRecordSchema, boundedJsonSchema } from './bounded-json';
import { PARAMETER_INPUT_BOUNDS, boundMessage, parameterIssueMessage } from './parameter-messages';

/**
 * Bodies of `POST /api/rules` and `PUT /api/rules/{ruleId}` (spec 001 §7): a whole rule definition as
 * the rule form and the Rules Management page send it, with the rule form's required fields (spec 001
 * §5) and their messages. It lives beside the program bodies because both are requests of the
 * programs-and-rules screens; the stored definition is `ruleDefinitionSchema` of shared/rules.
 */

export const RULE_MESSAGES = {
  ruleIdRequired: 'Rule ID is required',
  nameRequired: 'Rule Name is required',
  categoryRequired: 'Category is required',
  typeRequired: 'Rule Type is required',
  descriptionRequired: 'Description is required',
  testClassNameRequired: 'Test Class Name is required',
  successMessageRequired: 'Success Message is required',
  failureMessageRequired: 'Failure Message is required',
  actionTypeRequired: 'Action Type is required',
  actionDescriptionRequired: 'Action Description is required',
  priority: 'Priority must be between 1 and 100',
} as const;

function requiredText(message: string, field: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

/** 'X is required' when absent or blank, else the allowed values. */
function enumError(options: readonly string[], required: string, field: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === ''
      ? required
      : `${field} must be one of ${options.join(', ')}`;
}

export const ruleActionBodySchema = z.strictObject(
  {
    type: z.enum(ruleActionTypeSchema.options, {
      error: enumError(
        ruleActionTypeSchema.options,
        RULE_MESSAGES.actionTypeRequired,
        'Action Type',
      ),
    }),
    description: requiredText(
      RULE_MESSAGES.actionDescriptionRequired,
      'Action Description',
      INPUT_LIMITS.text,
    ),
    immediate: z.boolean().default(false),
    message: boundedTextSchema('Action message', INPUT_LIMITS.text).optional(),
    requiresApproval: z.boolean().default(false),
  },
  { error: RULE_MESSAGES.actionTypeRequired },
);

const textList = (field: string, max: number) =>
  z
    .array(boundedTextSchema(field, max), { error: `${field} must be a list` })
    .max(INPUT_LIMITS.arrayItems, {
      error: `${field} must hold at most ${INPUT_LIMITS.arrayItems} items`,
    });

/**
 * The definition's fields; `ruleId` is required unless `_id` stands in for it (spec 001 §3), and the
 * server's own timestamps may come back with a rule the client read.
 */
const ruleBodyObjectSchema = z.strictObject({
  ruleId: idSchema('Rule ID').optional(),
  _id: idSchema('_id').optional(),
  name: requiredText(RULE_MESSAGES.nameRequired, 'Rule Name', INPUT_LIMITS.name),
  description: requiredText(RULE_MESSAGES.descriptionRequired, 'Description', INPUT_LIMITS.text),
  type: z.enum(ruleTypeSchema.options, {
    error: enumError(ruleTypeSchema.options, RULE_MESSAGES.typeRequired, 'Rule Type'),
  }),
  action: ruleActionBodySchema,
  enabled: z.boolean().default(true),
  priority: z
    .number({ error: RULE_MESSAGES.priority })
    .int({ error: RULE_MESSAGES.priority })
    .min(1, { error: RULE_MESSAGES.priority })
    .max(100, { error: RULE_MESSAGES.priority })
    .default(1),
  category: z.enum(ruleCategorySchema.options, {
    error: enumError(ruleCategorySchema.options, RULE_MESSAGES.categoryRequired, 'Category'),
  }),
  testClassName: requiredText(
    RULE_MESSAGES.testClassNameRequired,
    'Test Class Name',
    INPUT_LIMITS.name,
  ),
  testParameters: boundedJsonRecordSchema('Test parameters').default({}),
  successMessage: requiredText(
    RULE_MESSAGES.successMessageRequired,
    'Success Message',
    INPUT_LIMITS.text,
  ),
  failureMessage: requiredText(
    RULE_MESSAGES.failureMessageRequired,
    'Failure Message',
    INPUT_LIMITS.text,
  ),
  warningMessage: boundedTextSchema('Warning Message', INPUT_LIMITS.text).trim().optional(),
  isActive: z.boolean().default(true),
  isMultiday: z.boolean().optional(),
  version: boundedTextSchema('Version', INPUT_LIMITS.name).default('1.0.0'),
  tags: textList('Tags', INPUT_LIMITS.name)
    .default([])
    .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))]),
  documentation: boundedTextSchema('Documentation', INPUT_LIMITS.text).optional(),
  examples: textList('Examples', INPUT_LIMITS.text).default([]),
  parameterValidation: z
    .array(
      z.strictObject({
        parameterName: idSchema('Parameter name'),
        required: z.boolean().default(false),
        type: parameterTypeSchema.optional(),
      }),
    )
    .max(INPUT_LIMITS.arrayItems, {
      error: `Parameter validation must hold at most ${INPUT_LIMITS.arrayItems} items`,
    })
    .default([]),
  defaultValue: boundedJsonSchema('Default value').optional(),
  dataSource: boundedTextSchema('Data source', INPUT_LIMITS.name).optional(),
  implementation: boundedJsonSchema('Implementation').optional(),
  /**
   * The rule version the editor loaded (decision 36): a save over a newer version is a 409. The
   * server numbers the version it writes.
   */
  ruleVersion: z
    .number({ error: 'Rule version must be a whole number from 1 to 999999' })
    .int({ error: 'Rule version must be a whole number from 1 to 999999' })
    .min(1, { error: 'Rule version must be a whole number from 1 to 999999' })
    .max(999_999, { error: 'Rule version must be a whole number from 1 to 999999' })
    .optional(),
  updatedBy: boundedTextSchema('updatedBy', INPUT_LIMITS.name).optional(),
  createdAt: boundedTextSchema('createdAt', INPUT_LIMITS.name).optional(),
  updatedAt: boundedTextSchema('updatedAt', INPUT_LIMITS.name).optional(),
});

/** The parameter names a rule of each category takes. */
export function parameterNamesOf(category: keyof typeof ruleParametersSchemas): string[] {
  return Object.keys(ruleParametersSchemas[category].shape);
}

/**
 * Parameters checked against the category's schema (spec 001 §5 templates); a name the category does
 * not take is refused (of `namesToCheck`: all by default), so a typo never sits silently in a rule.
 * Nested objects (news events, instrument entries) refuse unknown keys too, each named by its path
 * (`newsEvents.0.timeZone`), but only under `namesToCheck`: a key a stored rule already holds does
 * not block an override of another parameter. Issues go under `path`.
 */
export function parameterIssues(
  category: keyof typeof ruleParametersSchemas,
  parameters: Record<string, unknown>,
  namesToCheck: readonly string[] = Object.keys(parameters),
): { path: (string | number)[]; message: string }[] {
  const known = new Set(parameterNamesOf(category));
  const checked = new Set(namesToCheck);
  const issues: { path: (string | number)[]; message: string }[] = [];
  for (const name of namesToCheck) {
    if (!known.has(name)) {
      issues.push({
        path: [name],
        message: `A ${category} rule has no parameter ${name} (it takes ${[...known].join(', ')})`,
      });
    }
  }
  const parsed = ruleParametersInputSchemas[category].safeParse(parameters);
  // One message per field: '' as a date is 'Date is required', not that and 'Not a calendar date'.
  const named = new Set<string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((key) => typeof key !== 'symbol');
      if (issue.code !== 'unrecognized_keys') {
        if (named.has(path.join('.'))) continue;
        named.add(path.join('.'));
        issues.push({ path, message: parameterIssueMessage(issue, path, parameters) });
        continue;
      }
      if (!checked.has(String(path[0]))) continue;
      for (const key of issue.keys) {
        const keyPath = [...path, key];
        issues.push({
          path: keyPath,
          message: `${keyPath.join('.')}: unknown key ${key} (it takes ${nestedKeysAt(category, path).join(', ')})`,
        });
      }
    }
  }
  for (const name of namesToCheck) {
    const bound = PARAMETER_INPUT_BOUNDS[name];
    const value = parameters[name];
    if (!bound || typeof value !== 'number' || named.has(name)) continue;
    if (value < bound.min || value > bound.max || (bound.whole && !Number.isInteger(value))) {
      issues.push({ path: [name], message: boundMessage(name) });
    }
  }
  return issues;
}

/** The keys the nested object at `path` of a category's parameters takes, for the message. */
function nestedKeysAt(
  category: keyof typeof ruleParametersSchemas,
  path: readonly (string | number)[],
): string[] {
  let schema: z.core.$ZodType = ruleParametersInputSchemas[category];
  for (const key of path) {
    schema = unwrap(schema);
    if (schema instanceof z.ZodObject) schema = schema.shape[String(key)] ?? schema;
    else if (schema instanceof z.ZodArray) schema = schema.element;
  }
  schema = unwrap(schema);
  if (schema instanceof z.ZodUnion) {
    schema = schema.options.find((option) => unwrap(option) instanceof z.ZodObject) ?? schema;
    schema = unwrap(schema);
  }
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodDefault ||
    current instanceof z.ZodNullable
  ) {
    current = current.unwrap() as z.core.$ZodType;
  }
  return current;
}

/**
 * A rule definition a client sends: `_id` stands in for a missing `ruleId`, the type must be the
 * category's (the rules contract fixes it), and the test parameters must satisfy the category.
 */
export const ruleBodySchema = ruleBodyObjectSchema
  .superRefine((rule, context) => {
    if (rule.ruleId === undefined && rule._id === undefined) {
      context.addIssue({ code: 'custom', message: RULE_MESSAGES.ruleIdRequired, path: ['ruleId'] });
    }
    if (rule.ruleId !== undefined && rule._id !== undefined && rule.ruleId !== rule._id) {
      context.addIssue({
        code: 'custom',
        message: 'Rule ID and _id must be the same',
        path: ['_id'],
      });
    }
    const expected = categoryRuleType[rule.category];
    if (rule.type !== expected) {
      context.addIssue({
        code: 'custom',
        message: `A ${rule.category} rule is a ${expected} rule`,
        path: ['type'],
      });
    }
    for (const issue of parameterIssues(rule.category, rule.testParameters)) {
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: ['testParameters', ...issue.path],
      });
    }
  })
  .transform(({ _id, createdAt: _createdAt, updatedAt: _updatedAt, updatedBy: _by, ...rule }) => ({
    ...rule,
    ruleId: rule.ruleId ?? _id ?? '',
  }));
export type RuleBody = z.infer<typeof ruleBodySchema>;
export type RuleBodyInput = z.input<typeof ruleBodySchema>;
