import * as z from 'zod';
import {
  boundedTextSchema,
  idSchema,
  isoTimestampSchema,
  queryParamSchema,
  requestDateSchema,
} from '../common/fields';
import { accountStatusSchema } from '../rules/account-summary';
import { tradingDateSchema } from '../rules/day-input';
import { holdStateSchema, qualityFailureSchema } from '../rules/input-quality';

/**
 * A breach held by the input-quality gate (shared/rules/input-quality.ts): the account, the date, the
 * failed checks with their numbers, the status the judgement decided, and what staff did with it.
 */
export const heldBreachSchema = z.object({
  accountId: z.string().min(1),
  date: tradingDateSchema,
  traderId: z.string().optional(),
  failures: z.array(qualityFailureSchema).min(1),
  /** The status the day's judgement decided (applied on release). */
  decidedStatus: accountStatusSchema,
  /** The account's status when the hold opened (kept while it is held). */
  previousStatus: accountStatusSchema,
  state: holdStateSchema,
  /** When the gate held it: the broker file's time, so a re-run writes the same item. */
  heldAt: isoTimestampSchema,
  /** Who released or voided it, when and why. */
  resolvedBy: z.string().optional(),
  resolvedAt: isoTimestampSchema.optional(),
  reason: z.string().optional(),
});
export type HeldBreach = z.infer<typeof heldBreachSchema>;

/** One voided account-date: its rows no longer count (docs/rules-engine.md "Voided dates"). */
export const dateVoidSchema = z.object({
  accountId: z.string().min(1),
  date: tradingDateSchema,
  voidedBy: z.string().min(1),
  voidedAt: isoTimestampSchema,
  reason: z.string().min(1),
  /** The voided day's broker figures, kept for the record. */
  AcctBal: z.number().optional(),
  NetPnl: z.number().optional(),
});
export type DateVoid = z.infer<typeof dateVoidSchema>;

/** A void names at most this many accounts; without `accountIds` it covers every account of the date. */
export const VOID_ACCOUNTS_MAX = 500;
export const VOID_REASON_MAX = 1_000;

const reasonSchema = boundedTextSchema('reason', VOID_REASON_MAX)
  .trim()
  .min(1, { error: 'reason is required' });

/** `POST /api/sync/voids` body. */
export const voidRequestSchema = z.strictObject({
  date: requestDateSchema('date'),
  accountIds: z
    .array(idSchema('accountIds[]'), { error: 'accountIds must be a list of account ids' })
    .min(1, { error: 'accountIds must name at least one account (leave it out for all)' })
    .max(VOID_ACCOUNTS_MAX, {
      error: `accountIds must name at most ${VOID_ACCOUNTS_MAX} accounts`,
    })
    .optional(),
  reason: reasonSchema,
});
export type VoidRequest = z.infer<typeof voidRequestSchema>;

/** `POST /api/sync/held-breaches/{accountId}/{date}/release` body. */
export const releaseRequestSchema = z.strictObject({
  reason: boundedTextSchema('reason', VOID_REASON_MAX).trim().optional(),
});
export type ReleaseRequest = z.infer<typeof releaseRequestSchema>;

/** `GET /api/sync/held-breaches` query: by state (held by default) or by dates. */
export const heldBreachesQuerySchema = z.object({
  state: queryParamSchema(
    z
      .enum(['held', 'released', 'voided', 'all'], {
        error: 'state must be held, released, voided or all',
      })
      .default('held'),
  ),
  dates: queryParamSchema(
    boundedTextSchema('dates', 9 * 31)
      .regex(/^\d{8}(,\d{8})*$/, { error: 'dates must be YYYYMMDD dates separated by commas' })
      .optional(),
  ),
});

export const heldBreachListSchema = z.object({ data: z.array(heldBreachSchema) });
export type HeldBreachList = z.infer<typeof heldBreachListSchema>;
export const dateVoidListSchema = z.object({ data: z.array(dateVoidSchema) });
export type DateVoidList = z.infer<typeof dateVoidListSchema>;
