import type { ConformanceRule } from '@shared/rules/conformance';
import type { RuleDetailsTarget } from '@/components/rule-details-modal/rule-details-modal';

/** A rule's current or threshold value (shared with the Rule Details table). */
export { ruleValueText } from '@/components/rule-details-modal/conformance-rules-table';

/** Spec 001 §2.11: the page's date is eight digits YYYYMMDD. */
export function isTradingDateParam(value: string | undefined | null): value is string {
  return typeof value === 'string' && /^\d{8}$/.test(value);
}

/** Spec 001 §9: the Trade Details table shows at most 50 rows. */
export const MAX_TRADES_SHOWN = 50;

export function tradesNote(shown: number, total: number): string {
  return `Showing first ${shown} of ${total} trades`;
}

/** What the Rule Details dialog knows of a conformance entry's rule before the catalogue answers. */
export function ruleTargetOf(entry: ConformanceRule): RuleDetailsTarget {
  return {
    ruleId: entry.ruleId,
    name: entry.name,
    description: entry.description,
    category: entry.category,
    type: entry.type,
  };
}
