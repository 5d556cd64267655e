import type { RuleDefinition } from '@shared/rules/rule-definition';
import { previewValue } from '@/lib/rules/value-preview';
import { MISSING, formatNumber } from '@/lib/format';

/** A parameter's value as one line of text: numbers en-US, lists and objects as compact JSON. */
export function parameterText(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return value;
  if (value === undefined) return MISSING;
  return JSON.stringify(value);
}

/** The parameters a phase's rule is judged with: the definition's, with the overrides on top. */
export function effectiveParameters(
  definition: RuleDefinition | undefined,
  overrides: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return { ...definition?.testParameters, ...overrides };
}

/**
 * Spec 001 §2.5: the rule row shows its first parameter plus '+N more'; a list shows as its count
 * and an object cut short, as the rules list's Value column does.
 */
export function firstParameterSummary(parameters: Record<string, unknown>): string {
  const entries = Object.entries(parameters);
  const first = entries[0];
  if (first === undefined) return 'No parameters';
  const more = entries.length - 1;
  return `${first[0]}: ${previewValue(first[1])}${more > 0 ? ` +${more} more` : ''}`;
}

/**
 * Spec 001 §2.5, §5 and decision 18: a phase-rule priority is digits only, clamped to 1–1000. Empty
 * means `emptyValue`: the phase card keeps a new reference's 100, the program-rule form uses 1.
 */
export function clampPhasePriority(text: string, emptyValue = 100): number {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return emptyValue;
  return Math.min(1000, Math.max(1, Number(digits)));
}

/**
 * An override typed into the settings: the default's own kind (a number stays a number, true/false a
 * boolean, lists and objects parse as JSON); `undefined` when the text is not that kind.
 */
export function parseOverride(text: string, defaultValue: unknown): unknown {
  if (typeof defaultValue === 'number') {
    const value = Number(text.replaceAll(',', '').trim());
    return text.trim() !== '' && Number.isFinite(value) ? value : undefined;
  }
  if (typeof defaultValue === 'boolean') {
    if (text === 'true') return true;
    if (text === 'false') return false;
    return undefined;
  }
  if (typeof defaultValue === 'string' || defaultValue === undefined) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
