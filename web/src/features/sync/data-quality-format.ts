import type { QualityCheck } from '@shared/rules/input-quality';

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
