import type { Caller } from '../lib/auth-context';
import type { DateVoid, HeldBreach, VoidResult } from '@shared/sync/held-breaches';
import { BatchWriter } from '../lib/db/batch-writer';
import { dayKeys, reconciliationKeys, tradingDateKeys } from '../lib/db/keys';
import { ConflictError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { accountRepository, type StoredAccount } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { qualityRepository } from '../lib/repositories/quality-repository';
import { mapLimit } from '../lib/map-limit';
import { loadJudge, rejudgeAccount } from '../lib/judging/rejudge';
import { judgedDayEvents } from '../lib/judging/events';
import { withSyncLock } from '../lib/judging/lock';
import { emitEvent } from '../lib/notifications/outbox';

/*
 * What staff do with the input-quality gate's holds (docs/rules-engine.md "Input quality"): release a
 * held breach (the status the judgement decided applies) or void a synced date for some or all
 * accounts (its rows stop counting and the accounts are re-judged without it). Both hold the sync
 * lock, so they never interleave with a run, and record who, when and why on the items they change:
 * the project has no general log of staff actions (the audit operations log is the bulk deletes').
 */

/** Accounts re-judged at once by a void. */
const REJUDGE_CONCURRENCY = 4;

const actorOf = (caller: Caller | undefined) => caller?.email ?? caller?.userId ?? 'unknown';

/**
 * Releases a held breach: the hold is marked released (who, when, why) and, when it is the account's
 * open hold, the status the judgement decided last applies. A repeated release answers the released
 * hold; a voided one cannot be released (409).
 */
export async function releaseHold(
  accountId: string,
  date: string,
  caller: Caller | undefined,
  reason: string | undefined,
  now = new Date(),
): Promise<HeldBreach> {
  return withSyncLock('release', async () => {
    const hold = await qualityRepository.getHold(accountId, date);
    if (!hold) throw new NotFoundError(`No held breach of ${accountId} on ${date}`);
    if (hold.state === 'voided')
      throw new ConflictError(`The breach of ${accountId} on ${date} was voided, not held`);
    const account = await accountRepository.get(accountId);
    if (!account) throw new NotFoundError(`Account ${accountId} not found`);
    const released: HeldBreach =
      hold.state === 'released'
        ? hold
        : {
            ...hold,
            state: 'released',
            resolvedBy: actorOf(caller),
            resolvedAt: now.toISOString(),
            ...(reason && { reason }),
          };
    await qualityRepository.saveHold(released);
    if (account.statusHold?.date === date) {
      const { statusHold, ...rest } = account;
      const next: StoredAccount = {
        ...rest,
        status: statusHold.status,
        ...(account.accountSummary && {
          accountSummary: { ...account.accountSummary, accountStatus: statusHold.status },
        }),
      };
      await accountRepository.replace(next);
      await announceRelease(account, next);
    }
    logger.info('held breach released', { accountId, date, by: released.resolvedBy });
    return released;
  });
}

/**
 * What a release changed, told as the judging tells it (the failure the hold kept back): the events of
 * the account's latest judged day, against the account while it was held.
 */
async function announceRelease(held: StoredAccount, released: StoredAccount): Promise<void> {
  const date = held.engineStateDate;
  if (!date || !held.engineState || !held.engineStateKey) return;
  const day = await performanceRepository.getStoredDay(held.accountId, date);
  if (!day?.conformance) return;
  const events = judgedDayEvents({
    date,
    judged: {
      state: held.engineState,
      conformance: day.conformance,
      judgedBy: held.engineStateKey,
    },
    before: held,
    after: released,
    held: undefined,
    timeZone: await (await loadJudge()).timeZoneOf(held),
  });
  for (const event of events) await emitEvent(event);
}

/**
 * Voids a synced date for the named accounts, or every account with data on it: each account-date's
 * void item is written first (so a sync of the date skips it from then on), then its performance and
 * summary row are deleted, its hold of the date (if any) marked voided, and the account re-judged
 * from its first day without it. A date left without any account's data leaves the trading dates, so
 * "latest" moves back. A retried void finishes what a failed one left.
 */
export async function voidDate(
  request: { date: string; accountIds?: string[]; reason: string },
  caller: Caller | undefined,
  now = new Date(),
): Promise<VoidResult> {
  const { date, reason } = request;
  return withSyncLock('void', async () => {
    const existing = new Map(
      (await qualityRepository.listVoidsOfDate(date)).map((entry) => [entry.accountId, entry]),
    );
    const days = request.accountIds
      ? await Promise.all(
          [...new Set(request.accountIds)].map(async (accountId) => ({
            accountId,
            day: await performanceRepository.getStoredDay(accountId, date),
          })),
        )
      : (await performanceRepository.listByDate(date)).map((day) => ({
          accountId: day.Account,
          day,
        }));
    if (days.length === 0 && !request.accountIds && existing.size > 0) {
      // Voided already (a retry): nothing of the date counts any more.
      return { date, voided: [...existing.values()], rejudgedAccounts: 0 };
    }
    const unknown = days.filter(({ accountId, day }) => !day && !existing.has(accountId));
    if (unknown.length > 0 || days.length === 0) {
      throw new NotFoundError(
        unknown.length > 0
          ? `No synced data on ${date} for ${unknown.map((entry) => entry.accountId).join(', ')}`
          : `No synced data on ${date}`,
      );
    }
    const accounts = new Map<string, StoredAccount>();
    for (const { accountId } of days) {
      const account = await accountRepository.get(accountId);
      if (!account) throw new NotFoundError(`Account ${accountId} not found`);
      accounts.set(accountId, account);
    }

    const voided: DateVoid[] = [];
    const writer = new BatchWriter();
    for (const { accountId, day } of days) {
      const record: DateVoid = existing.get(accountId) ?? {
        accountId,
        date,
        voidedBy: actorOf(caller),
        voidedAt: now.toISOString(),
        reason,
        ...(day && { AcctBal: day.AcctBal, NetPnl: day.NetPnl }),
      };
      voided.push(record);
      await writer.put(qualityRepository.voidItemOf(record));
    }
    await writer.flush();
    for (const { accountId } of days) {
      await writer.delete(dayKeys.performance(accountId, date));
      await writer.delete(dayKeys.summaryRow(accountId, date));
      // A voided day is no longer compared with the broker's floor.
      await writer.delete(reconciliationKeys.mismatch(accountId, date));
      const hold = await qualityRepository.getHold(accountId, date);
      if (hold && hold.state !== 'voided') {
        await writer.put(
          qualityRepository.holdItemOf({
            ...hold,
            state: 'voided',
            resolvedBy: actorOf(caller),
            resolvedAt: now.toISOString(),
            reason,
          }),
        );
      }
    }
    await writer.flush();

    const judge = await loadJudge();
    await mapLimit([...accounts.values()], REJUDGE_CONCURRENCY, async (account) => {
      const { account: rejudged } = await rejudgeAccount(account, judge);
      // The account's balances follow its last remaining day.
      const [last] = (await performanceRepository.listByAccount(account.accountId, { limit: 1 }))
        .items;
      const { summary: _summary, ...rest } = rejudged;
      await accountRepository.replace(
        last
          ? { ...rest, summary: { balance: last.CashBal ?? last.AcctBal, equity: last.AcctBal } }
          : rest,
      );
    });

    if ((await qualityRepository.countDaysOfDate(date)) === 0) {
      await writer.delete(tradingDateKeys.date(date));
      await writer.flush();
    }
    logger.info('date voided', { date, accounts: voided.length, by: actorOf(caller) });
    return { date, voided, rejudgedAccounts: accounts.size };
  });
}
