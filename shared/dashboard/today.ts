import * as z from 'zod';
import { countSchema } from '../common/fields';
import { accountPhaseSchema } from '../accounts/account';
import { violationSchema } from '../rules/conformance';
import { tradingDateSchema } from '../rules/day-input';
import { limitNameSchema } from '../rules/limit-distance';
import { syncRunSchema } from '../sync/sync-run';

/**
 * "Today at a glance" on the staff home (`GET /api/account-summaries/admin/today`): last night's
 * sync run, the accounts that failed and passed on the latest data date, the active accounts closest
 * to a limit and the day's worst P&L. Each list is short: the home links to the full one.
 */

/** How many accounts each list of the glance shows. */
export const TODAY_LIST_SIZE = 5;

const accountRefSchema = z.object({
  accountId: z.string().min(1),
  traderId: z.string().min(1),
  /** The trader's name on the account. */
  name: z.string(),
});

/** The latest sync run as the home shows it: how it ended, rows refused, breaches held. */
export const todayRunSchema = syncRunSchema
  .pick({
    runId: true,
    trigger: true,
    status: true,
    dates: true,
    startedAt: true,
    finishedAt: true,
  })
  .extend({
    error: z.string().optional(),
    /** Rows refused over every file of the run (null while it runs). */
    rejectedRows: countSchema.nullable(),
    /** Breaches of its dates held by the input-quality gate when it finished (null: not recorded). */
    heldBreaches: countSchema.nullable(),
  });
export type TodayRun = z.infer<typeof todayRunSchema>;

export const todayFailureSchema = accountRefSchema.extend({
  decisiveBreach: violationSchema.nullable(),
});

/**
 * The tightest room of an active account (`tightestRoom` of the accounts list's room to breach):
 * which limit, dollars left and their share of the limit, the order of `?sort=room`.
 */
export const todayRoomSchema = accountRefSchema.extend({
  phase: accountPhaseSchema,
  limit: limitNameSchema,
  room: z.number(),
  roomShare: z.number().min(0),
});
export type TodayRoom = z.infer<typeof todayRoomSchema>;

export const todayPnlSchema = accountRefSchema.extend({ netPnl: z.number() });

const counted = <Item extends z.ZodType>(item: Item) =>
  z.object({ count: countSchema, accounts: z.array(item).max(TODAY_LIST_SIZE) });

export const todayDataSchema = z.object({
  /** The latest date with data (the day the lists describe); null before any sync. */
  date: tradingDateSchema.nullable(),
  lastRun: todayRunSchema.nullable(),
  failed: counted(todayFailureSchema),
  passed: counted(accountRefSchema),
  closestToBreach: z.array(todayRoomSchema).max(TODAY_LIST_SIZE),
  worstPnl: z.array(todayPnlSchema).max(TODAY_LIST_SIZE),
});
export type TodayData = z.infer<typeof todayDataSchema>;

export const todayResponseSchema = z.object({ data: todayDataSchema });
export type TodayResponse = z.infer<typeof todayResponseSchema>;

/** The accounts with the least room, smallest share first (then dollars, then id). */
export function closestToBreach<Row extends { accountId: string; room: number; roomShare: number }>(
  rows: readonly Row[],
  limit = TODAY_LIST_SIZE,
): Row[] {
  return [...rows]
    .sort(
      (a, b) =>
        a.roomShare - b.roomShare || a.room - b.room || a.accountId.localeCompare(b.accountId),
    )
    .slice(0, limit);
}

/** The day's losing accounts, worst first (then by id); accounts that made money are left out. */
export function worstPnl<Row extends { accountId: string; netPnl: number }>(
  rows: readonly Row[],
  limit = TODAY_LIST_SIZE,
): Row[] {
  return rows
    .filter((row) => row.netPnl < 0)
    .sort((a, b) => a.netPnl - b.netPnl || a.accountId.localeCompare(b.accountId))
    .slice(0, limit);
}
