import * as z from 'zod';
import { centsToDollars, dollarsToCents } from '../money/decimal';
import type { AccountSummary } from './account-summary';

/**
 * How far an active account is from each of its limits, read from its stored summary (the engine's
 * figures of the last day with data), never re-judged: room left to the drawdown floor and to the
 * daily loss limit, progress to the profit target and to the required days, and the smallest room
 * as a share of its limit ("closeness to breach", the lists' sort). A failed or passed account, or one
 * whose breach is held for review (its summary says failed), has no distance. Money in dollars,
 * computed in cents.
 */

/** Room left before a limit breaks: `room` dollars, `share` = room / limit (0 at the limit). */
export const limitRoomSchema = z.object({
  /** Dollars left; 0 at the limit (touching the drawdown floor is not a breach, going under is). */
  room: z.number().min(0),
  /** room / limit; may pass 1 where the room exceeds the limit (a static floor after a profit). */
  share: z.number().min(0),
});
export type LimitRoom = z.infer<typeof limitRoomSchema>;

/** Room to the two limits that break an account, as the lists carry it (lean: 10,000 rows). */
export const roomToBreachSchema = z.object({
  drawdown: limitRoomSchema.nullable(),
  dailyLoss: limitRoomSchema.nullable(),
});
export type RoomToBreach = z.infer<typeof roomToBreachSchema>;

export const limitNameSchema = z.enum(['drawdown', 'daily-loss']);
export type LimitName = z.infer<typeof limitNameSchema>;

/** Progress toward a benchmark: `done` of `required`, `remaining` to go, `share` = done / required ≤ 1. */
export const limitProgressSchema = z.object({
  required: z.number(),
  done: z.number(),
  remaining: z.number().min(0),
  share: z.number().min(0).max(1),
});
export type LimitProgress = z.infer<typeof limitProgressSchema>;

/** Every distance of an active account, as the trader's dashboard shows it. */
export const limitDistanceSchema = z.object({
  drawdown: limitRoomSchema
    .extend({
      limit: z.number(),
      /** The floor after the last day (as it trailed and locked) and the balance above it. */
      floor: z.number(),
      balance: z.number(),
      locked: z.boolean(),
    })
    .nullable(),
  dailyLoss: limitRoomSchema.extend({ limit: z.number(), loss: z.number().min(0) }).nullable(),
  profitTarget: limitProgressSchema.nullable(),
  /** Trading days (a phase without payouts) or payout days (a payout phase) toward their minimum. */
  tradingDays: limitProgressSchema.extend({ kind: z.enum(['trading', 'payout']) }).nullable(),
  /** The limit with the least room and that room's share; null without either rule. */
  tightest: z.object({ limit: limitNameSchema, room: z.number(), share: z.number() }).nullable(),
  /** The last day with data the figures are of. */
  date: z.string().nullable(),
});
export type LimitDistance = z.infer<typeof limitDistanceSchema>;

/** What the distances read of a stored summary (fields stored before they existed may be absent). */
export type DistanceSource = Pick<
  AccountSummary,
  | 'accountStatus'
  | 'phaseFailed'
  | 'phasePassed'
  | 'profitTarget'
  | 'totalProfit'
  | 'profitTargetProgress'
  | 'profitTargetAchieved'
  | 'tradingDaysCompleted'
  | 'minTradingDaysRequired'
  | 'lastCalculationDate'
> &
  Partial<
    Pick<AccountSummary, 'drawdown' | 'dailyLoss' | 'payoutDaysCompleted' | 'payoutDaysRequired'>
  >;

/** What the room to breach reads: the status and the two limits' figures. */
export type RoomSource = Pick<DistanceSource, 'accountStatus' | 'phaseFailed' | 'phasePassed'> &
  Partial<Pick<AccountSummary, 'drawdown' | 'dailyLoss'>>;

/**
 * Whether the summary is of an account still trading its phase: active and neither failed nor passed
 * by the engine (a breach held for review keeps the status active while the summary says failed).
 */
export function isStillTrading(source: RoomSource): boolean {
  return source.accountStatus === 'active' && !source.phaseFailed && !source.phasePassed;
}

/** Room in cents to a limit in cents; a zero limit has all or nothing of its share. */
function roomOf(roomCents: number, limitCents: number): LimitRoom {
  const room = Math.max(0, roomCents);
  const share = limitCents > 0 ? room / limitCents : room > 0 ? 1 : 0;
  return { room: centsToDollars(room), share };
}

function drawdownRoom(source: RoomSource): LimitDistance['drawdown'] {
  const day = source.drawdown;
  if (!day) return null;
  const limitCents = dollarsToCents(day.maxDrawdown);
  const roomCents = dollarsToCents(day.balance) - dollarsToCents(day.floor);
  return {
    ...roomOf(roomCents, limitCents),
    limit: day.maxDrawdown,
    floor: day.floor,
    balance: day.balance,
    locked: day.locked,
  };
}

function dailyLossRoom(source: RoomSource): LimitDistance['dailyLoss'] {
  const rule = source.dailyLoss;
  if (!rule) return null;
  const limitCents = dollarsToCents(rule.limit);
  return {
    ...roomOf(limitCents - dollarsToCents(rule.loss), limitCents),
    limit: rule.limit,
    loss: rule.loss,
  };
}

/** The room to each breaking limit of an account still trading; null otherwise. */
export function roomToBreachOf(source: RoomSource | null | undefined): RoomToBreach | null {
  if (!source || !isStillTrading(source)) return null;
  const drawdown = drawdownRoom(source);
  const dailyLoss = dailyLossRoom(source);
  if (!drawdown && !dailyLoss) return null;
  return {
    drawdown: drawdown && { room: drawdown.room, share: drawdown.share },
    dailyLoss: dailyLoss && { room: dailyLoss.room, share: dailyLoss.share },
  };
}

/**
 * The limit with the least room as a share of itself (drawdown first on a tie): the closeness to
 * breach the lists sort by, smallest first. Null without either limit.
 */
export function tightestRoom(
  room: RoomToBreach | null | undefined,
): { limit: LimitName; room: number; share: number } | null {
  if (!room) return null;
  const candidates = [
    room.drawdown && {
      limit: 'drawdown' as const,
      room: room.drawdown.room,
      share: room.drawdown.share,
    },
    room.dailyLoss && {
      limit: 'daily-loss' as const,
      room: room.dailyLoss.room,
      share: room.dailyLoss.share,
    },
  ].filter((entry) => entry !== null);
  let best: (typeof candidates)[number] | undefined;
  for (const entry of candidates) if (!best || entry.share < best.share) best = entry;
  return best ?? null;
}

function progressOf(doneValue: number, requiredValue: number, cents: boolean): LimitProgress {
  const scale = (value: number) => (cents ? dollarsToCents(value) : value);
  const unscale = (value: number) => (cents ? centsToDollars(value) : value);
  const done = scale(doneValue);
  const required = scale(requiredValue);
  const remaining = Math.max(0, required - done);
  const share = required <= 0 ? 1 : Math.min(1, Math.max(0, done / required));
  return { required: requiredValue, done: doneValue, remaining: unscale(remaining), share };
}

function profitTargetProgress(source: DistanceSource): LimitProgress | null {
  if (source.profitTarget === null) return null;
  const progress = progressOf(source.totalProfit, source.profitTarget, true);
  // The rule's own judgement decides "met", and its score is the share the other screens show.
  if (source.profitTargetAchieved) return { ...progress, remaining: 0, share: 1 };
  return { ...progress, share: Math.min(1, Math.max(0, source.profitTargetProgress)) };
}

function tradingDaysProgress(source: DistanceSource): LimitDistance['tradingDays'] {
  if (source.minTradingDaysRequired !== null) {
    return {
      ...progressOf(source.tradingDaysCompleted, source.minTradingDaysRequired, false),
      kind: 'trading',
    };
  }
  const required = source.payoutDaysRequired;
  if (required === null || required === undefined) return null;
  return { ...progressOf(source.payoutDaysCompleted ?? 0, required, false), kind: 'payout' };
}

/**
 * Every distance of an account still trading its phase, from its stored summary; null for a failed
 * or passed account, one whose breach is held, or one never judged.
 */
export function limitDistanceOf(source: DistanceSource | null | undefined): LimitDistance | null {
  if (!source || !isStillTrading(source)) return null;
  const drawdown = drawdownRoom(source);
  const dailyLoss = dailyLossRoom(source);
  return {
    drawdown,
    dailyLoss,
    profitTarget: profitTargetProgress(source),
    tradingDays: tradingDaysProgress(source),
    tightest: tightestRoom({ drawdown, dailyLoss }),
    date: source.lastCalculationDate,
  };
}
