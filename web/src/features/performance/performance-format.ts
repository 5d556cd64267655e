const valueFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A rule's current or threshold value: up to two decimals, '-' when the rule has none. */
export function ruleValueText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? valueFormatter.format(value) : '-';
}

/** Spec 001 §2.11: the page's date is eight digits YYYYMMDD. */
export function isTradingDateParam(value: string | undefined | null): value is string {
  return typeof value === 'string' && /^\d{8}$/.test(value);
}

/** Spec 001 §9: the Trade Details table shows at most 50 rows. */
export const MAX_TRADES_SHOWN = 50;

export function tradesNote(shown: number, total: number): string {
  return `Showing first ${shown} of ${total} trades`;
}
