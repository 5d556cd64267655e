import * as z from 'zod';
import {
  calendarDateSchema,
  idSchema,
  isoTimestampSchema,
  queryParamSchema,
  requiredTextSchema,
} from '../common/fields';
import { tradingDateSchema } from '../rules/day-input';
import { listCursorSchema, pageLimitSchema } from '../common/list-page';

/**
 * A payout's path: a trader asks (`requested`), staff decide (`approved` or `rejected`),
 * staff pay an approved payout (`paid`); the trader may withdraw a request while it is still
 * `requested` (`cancelled`). `rejected`, `paid` and `cancelled` are final. Every move is one
 * conditional write on the payout's `version`, so two staff clicking at once cannot both win.
 */
export const PAYOUT_STATUSES = ['requested', 'approved', 'rejected', 'paid', 'cancelled'] as const;
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** The moves a payout may make, from each status. */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  requested: ['approved', 'rejected', 'cancelled'],
  approved: ['paid', 'rejected'],
  rejected: [],
  paid: [],
  cancelled: [],
};

export const PAYOUT_METHODS = ['ach', 'wire', 'paypal', 'crypto', 'check', 'other'] as const;
export const payoutMethodSchema = z.enum(PAYOUT_METHODS, {
  error: `method must be one of ${PAYOUT_METHODS.join(', ')}`,
});

/** Dollars with at most two decimals, above zero (a request, an approved or paid amount). */
export const payoutAmountSchema = z
  .number({ error: 'amount must be a number of dollars' })
  .positive({ error: 'amount must be above zero' })
  .max(10_000_000, { error: 'amount must be at most 10,000,000' })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: 'amount must have at most two decimals',
  });

/** Who moved a payout, when and why: one entry per transition, oldest first. */
export const payoutTransitionSchema = z.object({
  status: payoutStatusSchema,
  at: isoTimestampSchema,
  /** The staff user's e-mail, or the trader's id for a trader's request or cancel. */
  by: z.string().min(1),
  byRole: z.enum(['trader', 'staff']),
  amount: z.number().optional(),
  note: z.string().optional(),
});
export type PayoutTransition = z.infer<typeof payoutTransitionSchema>;

export const payoutRecordSchema = z.object({
  payoutId: z.string().min(1),
  accountId: z.string().min(1),
  traderId: z.string().min(1),
  status: payoutStatusSchema,
  /** What the trader asked for. */
  requestedAmount: z.number(),
  /** What staff approved (the request, or less); set from approval on. */
  approvedAmount: z.number().optional(),
  /** The latest judged day the request was checked against. */
  judgedDate: tradingDateSchema.nullable(),
  requestedAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  rejection: z.object({ reason: z.string(), profitForfeited: z.boolean() }).optional(),
  payment: z
    .object({ method: payoutMethodSchema, reference: z.string(), date: tradingDateSchema })
    .optional(),
  history: z.array(payoutTransitionSchema),
  /** Optimistic lock: each transition writes `version + 1` on condition `version = <read>`. */
  version: z.number().int().min(1),
});
export type PayoutRecord = z.infer<typeof payoutRecordSchema>;

/** `POST /api/accounts/{accountId}/payouts`: the amount asked for. */
export const payoutRequestBodySchema = z.strictObject({
  amount: payoutAmountSchema,
  note: z.string().trim().max(500, { error: 'note must be at most 500 characters' }).optional(),
});
/** `POST /api/payouts/{payoutId}/approve`: optionally a smaller amount than requested. */
export const payoutApproveBodySchema = z.strictObject({
  amount: payoutAmountSchema.optional(),
  note: z.string().trim().max(500, { error: 'note must be at most 500 characters' }).optional(),
});
/** `POST /api/payouts/{payoutId}/reject`: why, and whether the profit is forfeited or stays. */
export const payoutRejectBodySchema = z.strictObject({
  reason: requiredTextSchema('reason is required').pipe(
    z.string().max(500, { error: 'reason must be at most 500 characters' }),
  ),
  profitForfeited: z.boolean({ error: 'profitForfeited must be true or false' }),
});
/** `POST /api/payouts/{payoutId}/pay`: how, the payment's reference and the date it was paid. */
export const payoutPayBodySchema = z.strictObject({
  method: payoutMethodSchema,
  reference: requiredTextSchema('reference is required').pipe(
    z.string().max(100, { error: 'reference must be at most 100 characters' }),
  ),
  date: calendarDateSchema('date'),
});

/**
 * One condition of a payout, met or not, with the sentence that says what is missing
 * ("2 more payout days (3 of 5)"), generated from the judged state and the phase's payout
 * parameters, never hand-written per screen.
 */
export const PAYOUT_REQUIREMENTS = [
  'phase',
  'standing',
  'days',
  'consistency',
  'buffer',
  'minimum',
  'open-request',
] as const;
export const payoutRequirementSchema = z.object({
  id: z.enum(PAYOUT_REQUIREMENTS),
  met: z.boolean(),
  text: z.string(),
});
export type PayoutRequirement = z.infer<typeof payoutRequirementSchema>;

/** What an account may request now, from its latest judged day. */
export const payoutEligibilitySchema = z.object({
  accountId: z.string(),
  eligible: z.boolean(),
  /** The most the trader may request now; 0 when not eligible. */
  maxAmount: z.number(),
  /**
   * The smallest request (the phase's minimum payout), in dollars. The server always sends it;
   * optional so answers stored or built before it still parse.
   */
  minAmount: z.number().optional(),
  /** The trader's share of a payout in percent (the phase's profit split). */
  profitSplit: z.number(),
  latestJudgedDate: tradingDateSchema.nullable(),
  requirements: z.array(payoutRequirementSchema),
});
export type PayoutEligibility = z.infer<typeof payoutEligibilitySchema>;

/** `GET /api/accounts/{accountId}/payouts`: the account's payouts (newest first) and eligibility. */
export const accountPayoutsSchema = z.object({
  eligibility: payoutEligibilitySchema,
  payouts: z.array(payoutRecordSchema),
});
export type AccountPayouts = z.infer<typeof accountPayoutsSchema>;

/** Path of the staff routes about one payout. */
export const payoutPathSchema = z.strictObject({ payoutId: idSchema('payoutId') });
/** Path of the trader's cancel: the account and its payout. */
export const accountPayoutPathSchema = z.strictObject({
  accountId: idSchema('accountId'),
  payoutId: idSchema('payoutId'),
});

export const PAYOUT_PAGE_SIZE = 50;
export const PAYOUT_PAGE_SIZE_MAX = 200;

/** `GET /api/payouts?status=`: the staff queue of one status, oldest first, paged. */
export const payoutQueueQuerySchema = z.object({
  status: queryParamSchema(payoutStatusSchema.default('requested')),
  limit: pageLimitSchema(PAYOUT_PAGE_SIZE_MAX, PAYOUT_PAGE_SIZE),
  cursor: listCursorSchema,
});
export type PayoutQueueQuery = z.infer<typeof payoutQueueQuerySchema>;

/** `GET /api/payouts` answer: one page of the queue; `nextCursor` absent on the last page. */
export const payoutQueueSchema = z.object({
  payouts: z.array(payoutRecordSchema),
  nextCursor: z.string().optional(),
});
export type PayoutQueue = z.infer<typeof payoutQueueSchema>;

/**
 * `GET /api/payouts/{payoutId}`: the payout and its account's eligibility now, from the latest
 * judged day (the evidence staff decide with; the account page has the rest).
 */
export const payoutDetailSchema = z.object({
  payout: payoutRecordSchema,
  eligibility: payoutEligibilitySchema,
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

/**
 * `GET /api/traders/{traderId}/payouts`: each of the trader's accounts with its eligibility and its
 * payouts (newest first); accounts of a phase that pays out come first, then by account id.
 */
export const traderPayoutAccountSchema = accountPayoutsSchema.extend({
  accountId: z.string(),
  /** The account's name as the broker lists it; '' when it has none. */
  name: z.string(),
  /** The program phase's name ('' without a program). */
  phaseName: z.string(),
});
export type TraderPayoutAccount = z.infer<typeof traderPayoutAccountSchema>;
export const traderPayoutsSchema = z.object({
  traderId: z.string(),
  accounts: z.array(traderPayoutAccountSchema),
});
export type TraderPayouts = z.infer<typeof traderPayoutsSchema>;
