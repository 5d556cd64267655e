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
