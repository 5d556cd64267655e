import type { Caller } from '../lib/auth-context';
import type { HeldBreach } from '@shared/sync/held-breaches';
import type { Job } from '@shared/jobs/job';
import { ConflictError, NotFoundError } from '../lib/errors';
import { jobAnswer } from '../lib/jobs/job-repository';
import { startJob } from '../lib/jobs/job-runs';
import { logger } from '../lib/logger';
import { accountRepository, type StoredAccount } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { qualityRepository } from '../lib/repositories/quality-repository';
import { loadJudge } from '../lib/judging/rejudge';
import { judgedDayEvents } from '../lib/judging/events';
import { withSyncLock } from '../lib/judging/lock';
import { emitEvent } from '../lib/notifications/outbox';

/*
 * What staff do with the input-quality gate's holds (docs/rules-engine.md "Input quality"): release a
 * held breach (the status the judgement decided applies) or void a synced date for some or all
 * accounts (its rows stop counting and the accounts are re-judged without it, in a background job).
 * Both hold the sync lock, so they never interleave with a run, and record who, when and why on the items they change:
 * the project has no general log of staff actions (the audit operations log is the bulk deletes').
 */

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
 * Voids a synced date for the named accounts, or every account with data on it: checked here (404 for
 * an account without data on the date that was not voided before, or a date without data), then a
 * background job (functions/lib/jobs/date-void.ts) writes each account's void item, deletes its rows
 * of the date, marks its hold voided and re-judges it from its first day without the date, an account
 * at a time; a date left without data leaves the trading dates. A retried void finishes what a
 * stopped one left. Answers the job as it starts.
 */
export async function voidDate(
  request: { date: string; accountIds?: string[]; reason: string },
  caller: Caller | undefined,
  now = new Date(),
): Promise<Job> {
  const { date, reason } = request;
  const existing = new Set(
    (await qualityRepository.listVoidsOfDate(date)).map((entry) => entry.accountId),
  );
  const accountIds = request.accountIds && [...new Set(request.accountIds)];
  if (accountIds) {
    const unknown: string[] = [];
    for (const accountId of accountIds) {
      if (existing.has(accountId)) continue;
      if (!(await performanceRepository.getStoredDay(accountId, date))) unknown.push(accountId);
    }
    if (unknown.length > 0)
      throw new NotFoundError(`No synced data on ${date} for ${unknown.join(', ')}`);
    if (accountIds.length === 0) throw new NotFoundError(`No synced data on ${date}`);
  } else if (existing.size === 0 && (await qualityRepository.countDaysOfDate(date)) === 0) {
    throw new NotFoundError(`No synced data on ${date}`);
  }
  const job = await startJob(
    {
      kind: 'date-void',
      subject: { date },
      startedBy: actorOf(caller),
      params: { reason, ...(accountIds && { accountIds }) },
    },
    now,
  );
  logger.info('date void started', { date, jobId: job.jobId, by: actorOf(caller) });
  return jobAnswer(job);
}
