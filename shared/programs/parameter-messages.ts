import type * as z from 'zod';

/**
 * Rule parameters in the user's words: the rule form's labels, so a refusal reads
 * 'Min Consistency must be between 0 and 100%' and 'Instrument 1: Position factor is at least 0.1',
 * never 'minConsistency: Too big: expected number to be <=1'. The API's 400 details and the form's
 * messages are the same sentences.
 */

/** Each parameter's label as the rule form shows it (without its unit). */
export const PARAMETER_LABELS: Record<string, string> = {
  maxDrawdown: 'Max Drawdown',
  resetType: 'Reset Type',
  lockOffset: 'Lock Offset',
  maxDailyLoss: 'Max Daily Loss',
  kind: 'On breach',
  minConsistency: 'Min Consistency',
  period: 'Period',
  target: 'Target',
  type: 'Target Type',
  minDays: 'Min Days',
  requireProfit: 'Require profit',
  minProfit: 'Min Profit',
  allowedInstruments: 'Allowed instruments',
  strictMode: 'Strict mode',
  openTime: 'Open Time',
  closeTime: 'Close Time',
  timezone: 'Time Zone',
  newsEvents: 'News events',
  bufferMinutes: 'Buffer Minutes',
  maxPositionSize: 'Max Position Size',
  accountPercentage: 'Account Percentage',
  instruments: 'Instruments',
  maxInactiveDays: 'Max Inactive Days',
};

/** A list parameter's row, named as the form names its row cards ('Instrument 1'). */
export const PARAMETER_ROW_NAMES: Record<string, string> = {
  allowedInstruments: 'Instrument',
  instruments: 'Instrument',
  newsEvents: 'News event',
};

/** The fields of a list row (an instrument entry, a news event). */
const ROW_FIELD_LABELS: Record<string, string> = {
  symbol: 'Symbol',
  description: 'Description',
  instrumentType: 'Type',
  positionFactor: 'Position factor',
  allowed: 'Allowed',
  title: 'Title',
  date: 'Date',
  time: 'Time',
  timezone: 'Time zone',
  instruments: 'Instruments',
};

/** Stored as a fraction 0–1, typed and shown as a percent 0–100. */
export const PERCENT_PARAMETERS: ReadonlySet<string> = new Set([
  'minConsistency',
  'accountPercentage',
]);

/** Digits and commas only in the form, stored as a whole number (spec 001 §5, decision 37). */
export const DIGITS_AND_COMMAS_PARAMETERS: ReadonlySet<string> = new Set(['maxDrawdown']);

export const digitsAndCommasMessage = (name: string): string =>
  `${PARAMETER_LABELS[name] ?? name} accepts digits and commas only (a whole number of dollars)`;

/**
 * Bounds the spec gives that the stored-rule schemas do not (they still read older rules): checked
 * on what a caller sends. Spec 001 §5: Min Days 1–30.
 */
export const PARAMETER_INPUT_BOUNDS: Record<string, { min: number; max: number; whole: boolean }> =
  {
    minDays: { min: 1, max: 30, whole: true },
  };

export function boundMessage(name: string): string {
  const bound = PARAMETER_INPUT_BOUNDS[name];
  const label = PARAMETER_LABELS[name] ?? name;
  return bound
    ? `${label} must be ${bound.whole ? 'a whole number' : 'a number'} from ${bound.min} to ${bound.max}`
    : `${label} is out of range`;
}

/** 'Max Drawdown', or 'Instrument 1: Position factor' for a field of a list row. */
export function parameterLabel(path: readonly (string | number)[]): string {
  const [name, row, field] = path;
  const label = PARAMETER_LABELS[String(name)] ?? String(name ?? 'Parameters');
  if (typeof row !== 'number') return label;
  const rowName = `${PARAMETER_ROW_NAMES[String(name)] ?? label} ${row + 1}`;
  if (field === undefined) return rowName;
  return `${rowName}: ${ROW_FIELD_LABELS[String(field)] ?? String(field)}`;
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  string: 'text',
  array: 'a list',
  object: 'a set of fields',
};

/** The value at `path` of the parameters, to tell a missing value from a wrong one. */
function valueAt(parameters: unknown, path: readonly (string | number)[]): unknown {
  let node: unknown = parameters;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** zod's own wording ('Too big: expected number to be <=1', 'Invalid input: ...'). */
const ZOD_DEFAULT_MESSAGE = /^(Too (small|big)|Invalid )/;

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** One parameter issue of the category's schema, in the user's words. */
export function parameterIssueMessage(
  issue: z.core.$ZodIssue,
  path: readonly (string | number)[],
  parameters: unknown,
): string {
  const label = parameterLabel(path);
  const name = String(path[0]);
  const percent = path.length === 1 && PERCENT_PARAMETERS.has(name);
  const value = valueAt(parameters, path);
  if (isMissing(value) && issue.code !== 'custom') return `${label} is required`;
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) {
    // The schemas' own sentences ('Position factor is at least 0.1'): named by their row or field.
    if (DIGITS_AND_COMMAS_PARAMETERS.has(name)) return digitsAndCommasMessage(name);
    const rowPrefix = typeof path[1] === 'number' ? parameterLabel(path.slice(0, 2)) : label;
    const lower = issue.message.toLowerCase();
    return lower.startsWith(label.toLowerCase()) || lower.startsWith(rowPrefix.toLowerCase())
      ? issue.message
      : `${rowPrefix}: ${issue.message}`;
  }
  switch (issue.code) {
    case 'invalid_type':
      if (DIGITS_AND_COMMAS_PARAMETERS.has(name)) return digitsAndCommasMessage(name);
      return `${label} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_small':
    case 'too_big':
      if (percent) return `${label} must be between 0 and 100%`;
      if (issue.origin === 'array') return issue.message;
      return issue.code === 'too_small'
        ? `${label} must be ${issue.inclusive === false ? 'above' : 'at least'} ${String(issue.minimum)}`
        : `${label} must be ${issue.inclusive === false ? 'below' : 'at most'} ${String(issue.maximum)}`;
    case 'invalid_value':
      return `${label} must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return `${label} is not valid`;
  }
}
