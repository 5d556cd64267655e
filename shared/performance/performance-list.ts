import * as z from 'zod';
import { countSchema, INPUT_LIMITS, queryParamSchema, requestDateSchema } from '../common/fields';
import {
  listCursorSchema,
  listLimitSchema,
  listPageMetaShape,
  listSortSchema,
} from '../common/list-page';
import { accountPhaseSchema, listStatusSchema, rithmicStatusSchema } from '../accounts/account';
import { accountStatusSchema } from '../rules/account-summary';
import { tradingDateSchema } from '../rules/day-input';
import { roomToBreachSchema } from '../rules/limit-distance';
import { performanceGroupKey } from './performance-group';

/** One row of Latest Performance (spec 000 §3 "Performance list row"); WinPct is a percentage. */
export const performanceListRowSchema = z.object({
  Account: z.string().min(1),
  accountType: accountPhaseSchema,
  traderEmail: z.string().optional(),
  rithmicStatus: rithmicStatusSchema,
  /**
   * The account's judged status (active / passed / failed), as All Accounts shows it: a failed
   * account the broker still lists as Active is marked.
   */
  status: accountStatusSchema.optional(),
  /** The day a breach of the account was held for review; absent when none is. */
  heldSince: tradingDateSchema.optional(),
  /** Room to the drawdown floor and daily loss limit after the account's last judged day. */
  room: roomToBreachSchema.optional(),
  ClosedPnl: z.number().optional(),
  NetPnl: z.number(),
  Commissions: z.number().optional(),
  Trades: countSchema,
  WinTrades: countSchema.optional(),
  LoserTrades: countSchema.optional(),
  WinPct: z.number().min(0).max(100).optional(),
  CashBal: z.number().optional(),
  AcctBal: z.number(),
});
export type PerformanceListRow = z.infer<typeof performanceListRowSchema>;

/** One group of Latest Performance (phase, then broker status) and its rows in the view. */
export const performanceGroupCountSchema = z.object({
  phase: accountPhaseSchema,
  rithmicStatus: rithmicStatusSchema,
  rows: countSchema,
});
export type PerformanceGroupCount = z.infer<typeof performanceGroupCountSchema>;

/**
 * `GET /api/performance/today` answer: one page of the asked date's rows (by default the latest date
 * that has data), of one group when `group` is asked, else of every group in the lists' order.
 * `meta.date` is the date shown (null when no date has data yet: the screen's empty state);
 * `meta.latestDate` the latest date with data (the picker's end); `meta.groups` every group's row
 * count in the view (the status filter applied), for the headers.
 */
export const performanceListResponseSchema = z.object({
  success: z.boolean(),
  data: z.array(performanceListRowSchema),
  meta: z.object({
    date: tradingDateSchema.nullable(),
    latestDate: tradingDateSchema.nullable().optional(),
    groups: z.array(performanceGroupCountSchema).optional(),
    ...listPageMetaShape,
  }),
});

/** The sortable columns of Latest Performance; default NetPnl descending (spec 000 §2). */
export const performanceSortColumnSchema = z.enum([
  'Account',
  'ClosedPnl',
  'NetPnl',
  'Commissions',
  'Trades',
  'WinTrades',
  'LoserTrades',
  'WinPct',
  'CashBal',
  'AcctBal',
]);
export type PerformanceSortColumn = z.infer<typeof performanceSortColumnSchema>;

/**
 * What the day index (GSI4, docs/data-model.md) projects of a daily performance item beside its keys:
 * the date and the columns Latest Performance lists, so a date's readers never read the judged day.
 * The local table (functions/lib/db/table-definition.ts) and the CDK table (infra/data-stack.ts) both
 * declare it from here; changing it means replacing the index.
 */
export const DAY_INDEX_ATTRIBUTES = ['Date', ...performanceSortColumnSchema.options] as const;

/** What Latest Performance sorts by on the server: a column, or `room` (closest to breach). */
export const PERFORMANCE_SORTS = ['room', ...performanceSortColumnSchema.options] as const;
export type PerformanceSort = (typeof PERFORMANCE_SORTS)[number];

/** Every group key, in the lists' order (phase, then Active, Inactive, Admin Only). */
export const PERFORMANCE_GROUP_KEYS = accountPhaseSchema.options.flatMap((phase) =>
  rithmicStatusSchema.options.map((status) => performanceGroupKey(phase, status)),
);

/**
 * `GET /api/performance/today` query: another day than the latest (`date`), one group (`group`),
 * a status filter (`status`: active, passed, failed, held), one sort (`-NetPnl` by default), a page
 * size (≤ 200) and the cursor of the previous page.
 */
export const performanceListQuerySchema = z.strictObject({
  date: requestDateSchema('date').optional(),
  group: queryParamSchema(
    z
      .string()
      .max(INPUT_LIMITS.id, { error: `group must be at most ${INPUT_LIMITS.id} characters` })
      .refine((value) => PERFORMANCE_GROUP_KEYS.includes(value), {
        error: `group must be one of ${PERFORMANCE_GROUP_KEYS.join(', ')}`,
      })
      .optional(),
  ),
  status: queryParamSchema(listStatusSchema.optional()),
  sort: listSortSchema(PERFORMANCE_SORTS),
  limit: listLimitSchema,
  cursor: listCursorSchema,
});
export type PerformanceListQuery = z.infer<typeof performanceListQuerySchema>;
export type PerformanceListResponse = z.infer<typeof performanceListResponseSchema>;
