import type { QualityCheck } from '@shared/rules/input-quality';

/** A trading date as every screen shows it (MM/DD/YYYY, decision 10). */
export { displayDate as formatTradingDate } from '@shared/common/display-date';

/** "2026-03-02" (a date input's value) → "20260302"; anything else undefined. */
export function tradingDateOfInput(value: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.replaceAll('-', '') : undefined;
}

export const checkLabels: Record<QualityCheck, string> = {
  'balance-continuity': 'Balance jump',
  'duplicate-fill-ids': 'Duplicate FillIds',
  'fills-outside-session': 'Fills outside session',
  'firm-share': 'Firm-wide suspect share',
};

/** Account ids typed in a box: split on commas, spaces and new lines, duplicates dropped. */
export function accountIdsOf(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((id) => id !== ''))];
}
