import * as z from 'zod';
import { accountSchema } from '@shared/accounts/account';
import { accountSummaryRecordSchema } from '@shared/summaries/account-summary-record';
import { accountSummarySchema } from '@shared/rules/account-summary';
import { engineStateSchema } from '@shared/rules/engine-state';
import { tradingDateSchema } from '@shared/rules/day-input';
import { statusHoldSchema } from '@shared/rules/input-quality';
import { roomToBreachOf, tightestRoom, type RoomToBreach } from '@shared/rules/limit-distance';
import { countAccount } from '../aggregates/account-aggregates';
import { accountKeys, accountRoomKeys, relationshipKeys, withoutKeys } from '../db/keys';
import { getItem, putExisting, type Item } from '../db/table';

/*
 * An account's stored items (its profile, its links to broker users) and the reads and writes by key
 * that the sync and judging use, as plain functions: a bundle keeps only those it calls. The screens'
 * lists, searches and pages of accounts are account-repository.ts.
 */

/**
 * What the table keeps of an account: the account, its current summary, and the engine state after
 * the last judged day, so the nightly sync judges the next day without reading history.
 */
export const storedAccountSchema = accountSchema.extend({
  accountSummary: accountSummaryRecordSchema.optional(),
  engineState: engineStateSchema.optional(),
  engineStateDate: tradingDateSchema.optional(),
  /** The program version and phase the state was judged under (`<prefix>#<version>#<phaseId>`). */
  engineStateKey: z.string().optional(),
  /** Status changes held since a breach on suspect inputs (shared/rules/input-quality.ts). */
  statusHold: statusHoldSchema.optional(),
});
export type StoredAccount = z.infer<typeof storedAccountSchema>;
export type StoredAccountInput = z.input<typeof storedAccountSchema>;

const roomItemSchema = z.object({
  accountSummary: accountSummarySchema
    .pick({
      accountStatus: true,
      phaseFailed: true,
      phasePassed: true,
      drawdown: true,
      dailyLoss: true,
    })
    .optional(),
  statusHold: statusHoldSchema.optional(),
});

/** An account's room to breach (still trading only) and the day its breach was held, from its item. */
export function listRoomOf(item: Item): { room?: RoomToBreach; heldSince?: string } {
  const parsed = roomItemSchema.safeParse(item);
  if (!parsed.success) return {};
  const room = roomToBreachOf(parsed.data.accountSummary);
  const heldSince = parsed.data.statusHold?.date;
  return { ...(room && { room }), ...(heldSince && { heldSince }) };
}

/**
 * The lower-cased text the account list's search matches: id, name and trader email. Stored on the
 * item (the schemas strip it from answers), so a search is one `contains` filter per group.
 */
export function accountSearchTextOf(account: {
  accountId: string;
  name?: string;
  email?: string | undefined;
}): string {
  return [account.accountId, account.name ?? '', account.email ?? ''].join('\n').toLowerCase();
}

/** A user ↔ account link of the broker's relationships report. */
export const accountLinkSchema = z.object({
  userId: z.string().min(1),
  accountId: z.string().min(1),
  fcm: z.string().optional(),
  ib: z.string().optional(),
  role: z.string().optional(),
});
export type AccountLink = z.infer<typeof accountLinkSchema>;

export const parseStoredAccount = (item: Item) => storedAccountSchema.parse(withoutKeys(item));

/** The stored item of an account: keys placed (profile, trader, group, room), search text added. */
export function accountItemOf(account: StoredAccountInput): Item {
  const valid = storedAccountSchema.parse(account);
  const share = tightestRoom(listRoomOf(valid).room)?.share;
  return {
    ...valid,
    searchText: accountSearchTextOf(valid),
    ...accountKeys.profile(valid.accountId),
    ...accountKeys.profileIndex(valid),
    ...accountRoomKeys.roomIndex(valid, share),
  };
}

/** Access pattern "one account": Get `ACCOUNT#<id> / PROFILE`. */
export async function getAccount(accountId: string): Promise<StoredAccount | undefined> {
  const item = await getItem(accountKeys.profile(accountId));
  return item ? parseStoredAccount(item) : undefined;
}

/** Replaces an existing account (404 when it is gone); phase or status changes move it in GSI2. */
export async function replaceAccount(account: StoredAccountInput): Promise<StoredAccount> {
  const item = accountItemOf(account);
  await putExisting(item, `Account ${String(item.accountId)} not found`);
  const stored = parseStoredAccount(item);
  // The dashboard's kept counts and lists follow every stored account (idempotent).
  await countAccount(stored);
  return stored;
}

/** The stored item of a user ↔ account link: in the account's partition and the user's (GSI1). */
export function accountLinkItemOf(link: AccountLink): Item {
  const valid = accountLinkSchema.parse(link);
  return {
    ...valid,
    ...relationshipKeys.link(valid.accountId, valid.userId),
    ...relationshipKeys.linkIndex(valid.accountId, valid.userId),
  };
}
