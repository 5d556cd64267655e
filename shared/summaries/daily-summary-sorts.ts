/**
 * The daily summary columns the server sorts by (the tables' column ids, spec 001 §2.8). Kept apart
 * from the zod schemas so a screen's route module can read it without loading zod.
 */
export const DAILY_SUMMARY_SORTS = [
  'date',
  'trader',
  'account',
  'tradingDay',
  'pnl',
  'trades',
  'winRate',
  'startBalance',
  'endBalance',
  'drawdown',
  'profitTarget',
  'consistency',
  'status',
] as const;
export type DailySummarySort = (typeof DAILY_SUMMARY_SORTS)[number];
