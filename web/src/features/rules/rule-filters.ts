import type { RuleDefinition } from '@shared/rules/rule-definition';

export interface RuleFilterValues {
  search: string;
  category: string;
  type: string;
}

/** The selects' URL parameters; the search box is `q`. */
export const RULE_SELECT_PARAMS = ['category', 'type'] as const;

/**
 * Spec 001 §2.17: Search matches name or description, case-insensitive; Category and Type match
 * exactly; an empty filter matches everything.
 */
export function filterRules(rules: readonly RuleDefinition[], filters: RuleFilterValues) {
  const search = filters.search.trim().toLowerCase();
  return rules.filter(
    (rule) =>
      (search === '' ||
        rule.name.toLowerCase().includes(search) ||
        rule.description.toLowerCase().includes(search)) &&
      (filters.category === '' || rule.category === filters.category) &&
      (filters.type === '' || rule.type === filters.type),
  );
}
