import { randomUUID } from 'node:crypto';
import { BatchWriter } from '../lib/db/batch-writer';
import { NotFoundError } from '../lib/errors';
import { accountRepository } from '../lib/repositories/account-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';
import { ruleRepository } from '../lib/repositories/rule-repository';
import { syncRepository } from '../lib/repositories/sync-repository';
import { Judge, ProgramCatalog } from './judge';
import { LOCK_TTL_MS } from './runs';

/**
 * Re-judges an account from `date` on with the rules in force now (spec 000 §7 regenerate): the state
 * of the day before is the starting point, each stored day is judged again in order, and the account's
 * summary follows the last one. It holds the sync lock, so it never interleaves with a sync run.
 */
export async function regenerateFrom(accountId: string, date: string): Promise<number> {
  const account = await accountRepository.get(accountId);
  if (!account) throw new NotFoundError(`Account ${accountId} not found`);
  const lockId = `regenerate-${randomUUID()}`;
  const now = Date.now();
  await syncRepository.acquireLock(lockId, now, now + LOCK_TTL_MS);
  try {
    const { before, days } = await performanceRepository.listDaysFrom(accountId, date);
    if (days.length === 0)
      throw new NotFoundError(`No performance data for ${accountId} from ${date}`);
    const [catalog, definitions] = await Promise.all([
      ProgramCatalog.load(),
      ruleRepository.list(),
    ]);
    const judge = new Judge(catalog, definitions);
    const writer = new BatchWriter();
    let prior = before?.engineState
      ? { state: before.engineState, judgedBy: before.judgedBy }
      : undefined;
    let next = account;
    for (const day of days) {
      const [fills, trades] = await Promise.all([
        performanceRepository.listFills(accountId, day.Date),
        performanceRepository.listTrades(accountId, day.Date),
      ]);
      const judged = await judge.judgeDay(account, prior, {
        date: day.Date,
        performance: day,
        fills,
        trades,
      });
      await writer.put(
        performanceRepository.performanceItemOf({
          ...day,
          conformance: judged?.conformance ?? null,
          engineState: judged?.state ?? null,
          judgedBy: judged?.judgedBy ?? null,
        }),
      );
      prior = judged ? { state: judged.state, judgedBy: judged.judgedBy } : undefined;
      if (
        judged &&
        (account.engineStateDate === undefined || day.Date >= account.engineStateDate)
      ) {
        const summary = await judge.summaryRecord(
          account,
          judged,
          day.fileModifiedDate ?? new Date(0).toISOString(),
        );
        next = {
          ...next,
          engineState: judged.state,
          engineStateDate: day.Date,
          engineStateKey: judged.judgedBy,
          ...(summary && { accountSummary: summary, status: summary.accountStatus }),
        };
      }
    }
    await writer.put(accountRepository.itemOf(next));
    await writer.flush();
    return days.length;
  } finally {
    await syncRepository.releaseLock(lockId);
  }
}
