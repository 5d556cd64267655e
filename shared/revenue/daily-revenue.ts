import * as z from 'zod';
import {
  centsSchema,
  countSchema,
  isoTimestampSchema,
  queryParamSchema,
  requestDateSchema,
} from '../common/fields';
import { tradingDateSchema } from '../rules/day-input';
import { paymentProviderSchema } from './transaction';

/**
 * One provider's collections of one date (spec 001 §3 "Daily revenue record"). Amounts are integer
 * cents; the screen divides by 100. Net income may be negative (refunds, chargebacks).
 */
export const dailyRevenueRecordSchema = z.object({
  date: tradingDateSchema,
  provider: paymentProviderSchema,
  metrics: z.object({
    grossIncome: centsSchema.min(0),
    netIncome: centsSchema,
    totalFees: centsSchema.min(0),
    transactionCount: countSchema,
    traderCount: countSchema,
  }),
  collectionTimestamp: isoTimestampSchema.optional(),
});
export type DailyRevenueRecord = z.infer<typeof dailyRevenueRecordSchema>;

/** Spec 001 §9: the screen's default range is the last 30 days. */
export const REVENUE_DEFAULT_RANGE_DAYS = 30;

/**
 * `GET /api/firms/daily-revenue` query: a `YYYYMMDD` date range (the screen converts its date inputs)
 * and an optional provider, omitted for all.
 */
export const revenueQuerySchema = z
  .object({
    startDate: queryParamSchema(requestDateSchema('startDate')),
    endDate: queryParamSchema(requestDateSchema('endDate')),
    provider: queryParamSchema(paymentProviderSchema.optional()),
  })
  .refine((query) => query.startDate <= query.endDate, {
    error: 'endDate must not be before startDate',
    path: ['endDate'],
  });
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/**
 * `GET /api/firms/daily-revenue` answer. A refusal (`success: false`) need not carry `data`: its
 * `error` must reach the screen, not fail the answer's check.
 */
export const revenueResponseSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    data: z.array(dailyRevenueRecordSchema),
    error: z.string().optional(),
  }),
  z.object({
    success: z.literal(false),
    data: z.array(dailyRevenueRecordSchema).optional(),
    error: z.string().optional(),
  }),
]);
export type RevenueResponse = z.infer<typeof revenueResponseSchema>;
