import * as z from 'zod';
import {
  boundedTextSchema,
  idSchema,
  INPUT_LIMITS,
  queryParamSchema,
  requestDateSchema,
} from '../common/fields';
import { tradingDateSchema } from '../rules/day-input';
import { mismatchCauseSchema } from './floor-comparison';

/**
 * One account-day whose broker liquidation floor and engine drawdown floor differ beyond the
 * tolerance (floor-comparison.ts), as the nightly sync records it. Money in dollars. It holds no
 * clock time, so a re-run of the night writes the same item.
 */
export const floorMismatchSchema = z.object({
  accountId: z.string().min(1),
  date: tradingDateSchema,
  traderId: z.string().optional(),
  brokerFloor: z.number(),
  /** Null when the account's phase has no drawdown rule. */
  engineFloor: z.number().nullable(),
  /** brokerFloor − engineFloor; null without an engine floor. */
  difference: z.number().nullable(),
  cause: mismatchCauseSchema,
  /** The day's starting balance (AcctBal − NetPnl) and the previous day's end, for the cause. */
  startBalance: z.number(),
  previousBalance: z.number().nullable(),
});
export type FloorMismatch = z.infer<typeof floorMismatchSchema>;

/** `GET /api/sync/reconciliation` query: by date, by account, a page at a time (newest date first). */
export const reconciliationQuerySchema = z.object({
  date: queryParamSchema(requestDateSchema('date').optional()),
  accountId: queryParamSchema(idSchema('accountId').optional()),
  cursor: queryParamSchema(boundedTextSchema('cursor', INPUT_LIMITS.token).optional()),
});
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

export const reconciliationListSchema = z.object({
  data: z.array(floorMismatchSchema),
  nextCursor: z.string().optional(),
});
export type ReconciliationList = z.infer<typeof reconciliationListSchema>;

/** Mismatches per page of `GET /api/sync/reconciliation`. */
export const RECONCILIATION_PAGE_SIZE = 50;
