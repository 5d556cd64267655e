/** The report page's URL date has dashes (decision 10): `2026-03-03` → `20260303`, else undefined. */
export function tradingDateOfParam(value: string | undefined): string | undefined {
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const compact = value.replaceAll('-', '');
  const month = Number(compact.slice(4, 6));
  const day = Number(compact.slice(6, 8));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? compact : undefined;
}

/** Spec 000 §4, §9: the report is re-fetched 1 s after an update; the success text clears after 5 s. */
export const REPORT_RELOAD_DELAY_MS = 1_000;
export const REPORT_SUCCESS_CLEAR_MS = 5_000;

/** Spec 000 §4, §8: the texts of Update Report. */
export const UPDATE_SUCCESS_TEXT = 'Performance report updated and reloaded successfully!';
export const UPDATE_FAILED_TEXT = 'Failed to update performance report';
export const RELOAD_FAILED_TEXT =
  'Performance updated but failed to reload data. Please refresh the page.';
export const REPORT_FETCH_FAILED_TEXT = 'Failed to fetch performance data';
