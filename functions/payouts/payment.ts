import type { PayoutRecord } from '@shared/payouts/payout';
import { dateOfEpochDay, epochDayOfDate } from '@shared/rules/calendar';
import type { Payout } from '@shared/summaries/account-summary-record';
import { BatchWriter } from '../lib/db/batch-writer';
import { ConflictError } from '../lib/errors';
import { withSyncLock } from '../lib/judging/lock';
import { loadJudge, rejudgeStoredFrom } from '../lib/judging/rejudge';
import { logger } from '../lib/logger';
import { accountRepository, type StoredAccount } from '../lib/repositories/account-repository';
import { payoutRepository } from '../lib/repositories/payout-repository';
import { performanceRepository } from '../lib/repositories/performance-repository';

/** The 409 of a payment while a sync (or another payment) holds the judging lock. */
export const PAYMENT_BUSY_MESSAGE =
  'A sync or another payment is running; nothing was paid — try again in a minute';

/**
 * Runs a payment holding the sync lock: the account's summary (with its `payoutHistory`) is
 * written by the nightly sync and every re-judgement under that lock, so a payment that writes the
 * history under it can never be overwritten by a judgement that read the account before it.
 * A busy lock is a 409 before anything is written.
 */
export async function withPaymentLock<T>(work: () => Promise<T>): Promise<T> {
  let started = false;
  try {
    return await withSyncLock('payout', () => {
      started = true;
      return work();
    });
  } catch (error) {
    if (!started && error instanceof ConflictError) throw new ConflictError(PAYMENT_BUSY_MESSAGE);
    throw error;
  }
}

/** A paid payout as the account summary's `payoutHistory` keeps it. */
export function historyEntryOf(payout: PayoutRecord): Payout | undefined {
  if (payout.status !== 'paid' || !payout.payment) return undefined;
  return {
    date: payout.payment.date,
    amount: payout.approvedAmount ?? payout.requestedAmount,
    reference: payout.payoutId,
  };
}

/**
 * The account's payout history with every paid payout in it, once each (by its payout id as the
 * reference), oldest first; entries of other origin stay.
 */
export function mergedHistory(
  history: readonly Payout[],
  payouts: readonly PayoutRecord[],
): Payout[] {
  const ids = new Set(payouts.map((payout) => payout.payoutId));
  const kept = history.filter((entry) => !entry.reference || !ids.has(entry.reference));
  const paid = payouts.flatMap((payout) => historyEntryOf(payout) ?? []);
  return [...kept, ...paid].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.reference ?? '').localeCompare(b.reference ?? ''),
  );
}

const sameHistory = (a: readonly Payout[], b: readonly Payout[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Brings the account summary's `payoutHistory` level with the account's paid payouts (the payout
 * items are the record; the history is the copy the rules engine reads). When a payment is dated
 * before stored judged days, the days after it are judged again with the new history, so the
 * windows that start after the latest payout (consistency, trading days) hold on the stored days
 * too. The caller holds the sync lock. Answers whether anything changed.
 */
export async function recordPaidPayouts(accountId: string): Promise<boolean> {
  const [account, payouts] = await Promise.all([
    accountRepository.get(accountId),
    payoutRepository.listByAccount(accountId),
  ]);
  const summary = account?.accountSummary;
  if (!account || !summary) {
    logger.warn('paid payout on an account without a judged summary', { accountId });
    return false;
  }
  const history = mergedHistory(summary.payoutHistory, payouts);
  if (sameHistory(history, summary.payoutHistory)) return false;
  const added = history.filter(
    (entry) => !summary.payoutHistory.some((old) => old.reference === entry.reference),
  );
  const withHistory: StoredAccount = {
    ...account,
    accountSummary: { ...summary, payoutHistory: history },
  };
  const earliest = added.map((entry) => entry.date).sort()[0];
  // The days in the new window start the day after the payment's date.
  const from = earliest === undefined ? undefined : dateOfEpochDay(epochDayOfDate(earliest) + 1);
  const judgedTo = account.engineStateDate ?? summary.lastCalculationDate;
  const later =
    earliest !== undefined && from !== undefined && judgedTo && earliest < judgedTo
      ? (await performanceRepository.listDaysFrom(accountId, from)).days
      : [];
  if (from !== undefined && later.length > 0) {
    const writer = new BatchWriter();
    const next = await rejudgeStoredFrom(withHistory, from, await loadJudge(), writer);
    await writer.flush();
    await accountRepository.replace(next);
  } else {
    await accountRepository.replace(withHistory);
  }
  return true;
}
