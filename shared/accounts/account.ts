import * as z from 'zod';
import {
  countSchema,
  idSchema,
  INPUT_LIMITS,
  isoTimestampSchema,
  queryParamSchema,
} from '../common/fields';
import {
  phaseSchema,
  phaseTypeSchema,
  programTypeSchema,
  type PhaseType,
} from '../programs/program';
import { accountStatusSchema, type AccountStatus } from '../rules/account-summary';
import { tradingDateSchema } from '../rules/day-input';
import { roomToBreachSchema } from '../rules/limit-distance';
import { listCursorSchema, pageLimitSchema } from '../common/list-page';

/** Spec 000 §3: the phase an account is in; lists group by it in this order (spec 000 §9). */
export const accountPhaseSchema = z.enum(['evaluation', 'sim-funded', 'live-funded', 'demo']);
export type AccountPhase = z.infer<typeof accountPhaseSchema>;

/** The broker's status of the account; lists split each phase into these, Active first. */
export const rithmicStatusSchema = z.enum(['Active', 'Inactive', 'Admin Only']);
export type RithmicStatus = z.infer<typeof rithmicStatusSchema>;

export const pbtStatusSchema = z.enum(['active', 'pending']);
export type PbtStatus = z.infer<typeof pbtStatusSchema>;

/**
 * The account phase a program phase type puts an account in (spec 000 §4: the phase is derived from
 * the program's current phase). The payout stages of a funded account are still its sim-funded phase.
 */
export function accountPhaseOf(phaseType: PhaseType): AccountPhase {
  switch (phaseType) {
    case 'evaluation':
    case 'sim-funded':
    case 'live-funded':
    case 'demo':
      return phaseType;
    case 'pre-payout':
    case 'payout-qualified':
      return 'sim-funded';
  }
}

/**
 * The program an account trades (spec 000 §3 `program`): the version it was attached at and its
 * current phase. `phases` is the program's phase list of that version when the caller asked for it.
 */
export const accountProgramSchema = z.object({
  prefix: z.string().min(1),
  name: z.string(),
  version: z.number().int().positive(),
  type: programTypeSchema.optional(),
  currentPhase: z.string().min(1),
  phases: z.array(phaseSchema).optional(),
  currentPhaseData: z.object({ type: phaseTypeSchema, startingBalance: z.number() }),
  /**
   * True when staff assigned the program; false when the sync attached it by the longest prefix of
   * the account id (broker-files contract), which it may then revise.
   */
  assignedExplicitly: z.boolean().default(false),
});
export type AccountProgram = z.infer<typeof accountProgramSchema>;

/**
 * One staff reset of an account (decision 26): when, by whom (the staff user's id from the token),
 * and the last day with data at that time. Days after `afterDate` are judged afresh from the phase's
 * starting balance; null when the account had no day yet.
 */
export const accountResetSchema = z.object({
  resetAt: isoTimestampSchema,
  resetBy: z.string().min(1),
  afterDate: tradingDateSchema.nullable(),
});
export type AccountReset = z.infer<typeof accountResetSchema>;

/** Spec 000 §3 account `summary`: the balance figures the account lists show. */
export const accountBalanceSchema = z.object({ balance: z.number(), equity: z.number() });
export type AccountBalance = z.infer<typeof accountBalanceSchema>;

/**
 * An account as the account lists and `GET /api/accounts/{accountId}` answer it: the fields of both
 * specs' §3, the broker's `accounts.csv` columns, and what the sync derives (program, phase, status).
 * The account pages' extras (performances, rules, audit trail, comments, full summary) are in
 * `accountDetailSchema` of shared/summaries.
 */
export const accountSchema = z.object({
  accountId: z.string().trim().min(1),
  name: z.string().default(''),
  traderId: z.string().trim().min(1),
  /** The trader's email, copied for the lists' Trader Email column and the search box. */
  email: z.string().optional(),
  currency: z.string().default('USD'),
  phase: accountPhaseSchema.default('evaluation'),
  /** The program type of the attached program (spec 001 §3 `type`). */
  type: programTypeSchema.optional(),
  /** Where the account stands in its phase, mirrored from its summary (spec 001 §3 `status`). */
  status: accountStatusSchema.default('active'),
  /** A broker row without a status is an Active account. */
  rithmicStatus: rithmicStatusSchema.default('Active'),
  pbtStatus: pbtStatusSchema.optional(),
  fcm: z.string().optional(),
  ib: z.string().optional(),
  createdDate: tradingDateSchema.optional(),
  program: accountProgramSchema.optional(),
  resetCount: countSchema.default(0),
  /** The staff resets, oldest first (decision 26); absent on an account never reset. */
  resets: z.array(accountResetSchema).optional(),
  summary: accountBalanceSchema.optional(),
  createdAt: isoTimestampSchema.optional(),
  updatedAt: isoTimestampSchema.optional(),
});
export type Account = z.infer<typeof accountSchema>;
export type AccountInput = z.input<typeof accountSchema>;

/**
 * A row of `GET /api/accounts` (spec 000 §2 All Accounts): what the list, its search, overview card
 * and groups read. Leaner than the account (no broker ids, times or phase data) so 10,000 rows stay a
 * few MB; `GET /api/accounts/{accountId}` answers the whole account.
 */
export const accountListItemSchema = accountSchema
  .pick({
    accountId: true,
    name: true,
    traderId: true,
    email: true,
    currency: true,
    phase: true,
    type: true,
    status: true,
    rithmicStatus: true,
    pbtStatus: true,
    resetCount: true,
    summary: true,
  })
  .extend({
    program: accountProgramSchema
      .pick({ prefix: true, name: true, version: true, currentPhase: true })
      .optional(),
    /**
     * Where `summary` comes from: 'starting' when no day was ever synced for the account and the
     * list shows its phase's starting balance instead of nothing; absent when synced.
     */
    balanceSource: z.literal('starting').optional(),
    /** Room to the drawdown floor and daily loss limit of an account still trading; absent otherwise. */
    room: roomToBreachSchema.optional(),
    /** The day a breach of the account was held for review (input-quality gate); absent when none is. */
    heldSince: tradingDateSchema.optional(),
  });
export type AccountListItem = z.infer<typeof accountListItemSchema>;

/**
 * The Status column and filter of the account lists: the judged status, or `held` while a breach of
 * the account waits for staff review (its judged status stays what it was until release).
 */
export const listStatusSchema = z.enum(['active', 'passed', 'failed', 'held']);
export type ListStatus = z.infer<typeof listStatusSchema>;

export function listStatusOf(row: {
  status?: AccountStatus | undefined;
  heldSince?: string | undefined;
}): ListStatus | undefined {
  return row.heldSince !== undefined ? 'held' : row.status;
}

/** Accounts a list page holds by default and at most (a page stays far under 1 MB). */
export const ACCOUNT_PAGE_SIZE = 200;

/**
 * The orders `GET /api/accounts` reads in, inside each phase-and-status group: account id (either
 * way), or `room`, closest to breach first (smallest tightest share; accounts without room last).
 */
export const accountListSortSchema = z.enum(['accountId', '-accountId', 'room']);
export type AccountListSort = z.infer<typeof accountListSortSchema>;

/**
 * `GET /api/accounts` query: an optional search `q` (case-insensitive substring of the account id,
 * name or trader email), the list status (`active`, `passed`, `failed`, `held`), a program prefix,
 * the order, a page size and the opaque cursor of the previous page's `nextCursor`.
 */
export const accountListQuerySchema = z.object({
  q: queryParamSchema(
    z
      .string()
      .max(INPUT_LIMITS.search, { error: `q must be at most ${INPUT_LIMITS.search} characters` })
      .optional(),
  ),
  status: queryParamSchema(
    z
      .enum(['active', 'passed', 'failed', 'held'], {
        error: 'status must be one of active, passed, failed, held',
      })
      .optional(),
  ),
  program: queryParamSchema(
    z
      .string()
      .max(INPUT_LIMITS.id, { error: `program must be at most ${INPUT_LIMITS.id} characters` })
      .optional(),
  ),
  sort: queryParamSchema(
    z
      .enum(accountListSortSchema.options, {
        error: `sort must be one of ${accountListSortSchema.options.join(', ')}`,
      })
      .default('accountId'),
  ),
  limit: pageLimitSchema(ACCOUNT_PAGE_SIZE, ACCOUNT_PAGE_SIZE),
  cursor: listCursorSchema,
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

/**
 * `GET /api/accounts` answer: one page of the accounts, grouped by phase (evaluation, sim-funded,
 * live-funded, demo) and within a phase by broker status (Active, Inactive, Admin Only), each group in
 * the order asked (spec 000 §9); `nextCursor` absent on the last page. A page with a search or a
 * filter may hold fewer rows than `limit` and still have a next page (a request reads a bounded
 * number of accounts).
 */
export const accountListResponseSchema = z.object({
  data: z.array(accountListItemSchema),
  meta: z.object({ limit: z.number().int().min(1), nextCursor: z.string().optional() }),
});
export type AccountListResponse = z.infer<typeof accountListResponseSchema>;

/** Path of the account routes: the id is checked before any database call. */
export const accountPathSchema = z.strictObject({ accountId: idSchema('accountId') });
export type AccountPath = z.infer<typeof accountPathSchema>;

/** `PUT /api/accounts/{accountId}`: the only update the screens send (spec 001 §7). */
export const accountUpdateBodySchema = z.strictObject({
  forceProgramUpdate: z.literal(true, { error: 'forceProgramUpdate must be true' }),
});
export type AccountUpdateBody = z.infer<typeof accountUpdateBodySchema>;

/** The message the account page checks for after `PUT /api/accounts/{accountId}`. */
export const PROGRAM_UPDATED_MESSAGE = 'Program updated successfully';

/**
 * `PUT /api/accounts/{accountId}` answer: the account on its program's current version, re-judged
 * from its first day (`rejudgedDays` days).
 */
export const accountUpdateResultSchema = z.object({
  success: z.literal(true),
  message: z.literal(PROGRAM_UPDATED_MESSAGE),
  rejudgedDays: countSchema,
  account: accountSchema,
});
export type AccountUpdateResult = z.infer<typeof accountUpdateResultSchema>;

/** Spec 000 §5: the reset confirm the screens ask before `POST /api/accounts/{accountId}/reset`. */
export function resetConfirmText(accountId: string): string {
  return `Are you sure you want to reset account ${accountId}?`;
}

/** `POST /api/accounts/{accountId}/reset` answer (decision 26). */
export const accountResetResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  resetCount: countSchema,
  reset: accountResetSchema,
});
export type AccountResetResult = z.infer<typeof accountResetResultSchema>;
