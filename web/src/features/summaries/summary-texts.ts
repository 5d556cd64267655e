/** Spec 001 §8 / §2.10: the account pages' load error and missing-summary texts. */
export const LOAD_ERROR_TEXT = 'Error loading data. Please try again.';
export const NO_SUMMARY_TEXT = 'No summary data available for this account.';
