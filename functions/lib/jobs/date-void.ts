import { dateVoidSchema, type DateVoid } from '@shared/sync/held-breaches';
import { dayKeys, reconciliationKeys, tradingDateKeys } from '../db/keys';
import { BatchWriter } from '../db/batch-writer';
import { loadJudge, rejudgeHistory } from '../judging/rejudge';
import { performanceRepository } from '../repositories/performance-repository';
import { qualityRepository } from '../repositories/quality-repository';
import type { JobWork } from './job-work';

/**
 * `POST /api/sync/voids` as a job (docs/rules-engine.md "Input quality"): for each account, its void
 * item of the date is written (so a sync of the date skips it from then on), its performance, summary
 * row and reconciliation row of the date deleted, its hold of the date (if any) marked voided, and the
 * account re-judged from its first day without the date, its balances following its last remaining
 * day. A date left without any account's data then leaves the trading dates, so "latest" moves back.
 * The void record is made once, before the visit (`prepare`), so a visit redone keeps its time and
 * the balance it voided.
 */
export const dateVoidWork: JobWork = {
  async plan(job) {
    const { date = '' } = job.subject;
    if (job.params.accountIds) return [[...new Set(job.params.accountIds)]];
    // The date's accounts from the day index, keys only: each visit reads what it needs of its own.
    return [await performanceRepository.accountsOnDate(date)];
  },
  async load() {
    return { judge: await loadJudge() };
  },
  async prepare(job, before) {
    const { date = '' } = job.subject;
    const [existing, day] = await Promise.all([
      qualityRepository.listVoidsOfDate(date),
      performanceRepository.getStoredDay(before.accountId, date),
    ]);
    const record: DateVoid = existing.find((entry) => entry.accountId === before.accountId) ?? {
      accountId: before.accountId,
      date,
      voidedBy: job.startedBy,
      voidedAt: job.startedAt,
      reason: job.params.reason ?? '',
      ...(day && { AcctBal: day.AcctBal, NetPnl: day.NetPnl }),
    };
    return { record };
  },
  async visit({ judge }, _job, { before, prepared }, writer) {
    const record = dateVoidSchema.parse(prepared?.record);
    const { accountId, date } = record;
    // The date's rows go first, on their own: the walk below reads the history without them.
    const rows = new BatchWriter();
    await rows.put(qualityRepository.voidItemOf(record));
    await rows.delete(dayKeys.performance(accountId, date));
    await rows.delete(dayKeys.summaryRow(accountId, date));
    // A voided day is no longer compared with the broker's floor.
    await rows.delete(reconciliationKeys.mismatch(accountId, date));
    const hold = await qualityRepository.getHold(accountId, date);
    if (hold && hold.state !== 'voided') {
      await rows.put(
        qualityRepository.holdItemOf({
          ...hold,
          state: 'voided',
          resolvedBy: record.voidedBy,
          resolvedAt: record.voidedAt,
          reason: record.reason,
        }),
      );
    }
    await rows.flush();
    const history = await performanceRepository.listHistory(accountId);
    const rejudged = await rejudgeHistory(before, history, judge, writer);
    const last = history.days.at(-1);
    const { summary: _summary, ...rest } = rejudged;
    return {
      outcome: 'updated',
      after: last
        ? { ...rest, summary: { balance: last.CashBal ?? last.AcctBal, equity: last.AcctBal } }
        : rest,
    };
  },
  async finish(job) {
    const { date = '' } = job.subject;
    if ((await qualityRepository.countDaysOfDate(date)) > 0) return;
    const writer = new BatchWriter();
    await writer.delete(tradingDateKeys.date(date));
    await writer.flush();
  },
};
