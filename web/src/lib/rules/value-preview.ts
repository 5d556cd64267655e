import type { RuleDefinition } from '@shared/rules/rule-definition';
import { MISSING, formatNumber } from '@/lib/format';

/** Spec 001 §9: the Value column shows at most 40 characters. */
export const VALUE_PREVIEW_LENGTH = 40;

/**
 * Spec 001 §2.17: the test value of the rule's first required parameter (its first parameter when
 * none is marked required): a list as 'N items', an object as JSON cut to 37 characters plus '…',
 * a number locale-formatted.
 */
export function valuePreview(rule: Pick<RuleDefinition, 'parameterValidation' | 'testParameters'>) {
  const name =
    rule.parameterValidation.find((entry) => entry.required)?.parameterName ??
    Object.keys(rule.testParameters)[0];
  if (name === undefined) return MISSING;
  return previewValue(rule.testParameters[name]);
}

export function previewValue(value: unknown): string {
  if (value === undefined || value === null) return MISSING;
  if (Array.isArray(value)) return `${value.length} items`;
  if (typeof value === 'number') return formatNumber(value, 3);
  if (typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > VALUE_PREVIEW_LENGTH
      ? `${json.slice(0, VALUE_PREVIEW_LENGTH - 3)}…`
      : json;
  }
  return String(value);
}
