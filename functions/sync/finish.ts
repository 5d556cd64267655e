import { BROKER_FILE_KINDS, type BrokerFileKind } from '@shared/broker-files/kinds';
import { brokerFiles } from '@shared/broker-files/registry';
import {
  SYNC_REJECTED_ROWS_KEPT,
  type SyncRecordCountField,
  type SyncSummary,
} from '@shared/sync/sync-run';
import { BatchWriter } from '../lib/db/batch-writer';
import { heldBreachesOf } from '../lib/judging/quality-gate';
import { dateStatsItems, keepAuditPresence } from '../lib/repositories/audit-items';
import * as performanceItems from '../lib/repositories/performance-items';
import type { ShardOutcome, StoredDateStats } from './pipeline';
import { reconciliationRepository } from './reconciliation';
import { mergeReports, type RejectionOrder } from './run-report';

/*
 * The finish of a sync run (docs/sync-at-scale.md): what every shard contributes to is merged and
 * written once, after the last shard (pipeline.ts) is through.
 */

/** Shard audit stats of one date merged: what one run over all the rows would have counted. */
export function mergeAuditStats(date: string, parts: readonly StoredDateStats[]): StoredDateStats {
  const actions = new Map<string, number>();
  const instruments = new Map<string, number>();
  const accounts = new Set<string>();
  let total = 0;
  for (const part of parts) {
    total += part.total;
    for (const [action, count] of Object.entries(part.actions))
      actions.set(action, (actions.get(action) ?? 0) + count);
    for (const [instrument, count] of Object.entries(part.instrumentCounts ?? {}))
      instruments.set(instrument, (instruments.get(instrument) ?? 0) + count);
    for (const account of part.accounts) accounts.add(account);
  }
  return {
    date,
    total,
    actions: Object.fromEntries([...actions].sort(([a], [b]) => a.localeCompare(b))),
    accounts: [...accounts].sort(),
    instruments: [...instruments.keys()].sort(),
    instrumentCounts: Object.fromEntries([...instruments].sort(([a], [b]) => a.localeCompare(b))),
  };
}

const compareOrder = (a: RejectionOrder, b: RejectionOrder): number => {
  for (let index = 0; index < a.length; index += 1) {
    const difference = (a[index] as number) - (b[index] as number);
    if (difference !== 0) return difference;
  }
  return 0;
};

/** The run's summary from its shards' outcomes (all but the time taken). */
export function mergeShardOutcomes(
  outcomes: readonly ShardOutcome[],
): Omit<SyncSummary, 'processingTimeMs'> {
  const counts = Object.fromEntries(
    BROKER_FILE_KINDS.map((kind) => [brokerFiles[kind].countField, 0]),
  ) as Record<SyncRecordCountField, number>;
  const rejectedRecords = Object.fromEntries(BROKER_FILE_KINDS.map((kind) => [kind, 0])) as Record<
    BrokerFileKind,
    number
  >;
  let totalFiles = 0;
  let processedFiles = 0;
  for (const outcome of outcomes) {
    totalFiles += outcome.totalFiles;
    processedFiles += outcome.processedFiles;
    for (const field of Object.keys(counts) as SyncRecordCountField[])
      counts[field] += outcome.counts[field] ?? 0;
    for (const kind of BROKER_FILE_KINDS)
      rejectedRecords[kind] += outcome.rejectedRecords[kind] ?? 0;
  }
  const rejectedRows = outcomes
    .flatMap((outcome) => outcome.rejectedRows)
    .sort((a, b) => compareOrder(a.order, b.order))
    .slice(0, SYNC_REJECTED_ROWS_KEPT)
    .map((entry) => entry.row);
  const report = mergeReports(outcomes.map((outcome) => outcome.report));
  return { totalFiles, processedFiles, ...counts, rejectedRecords, rejectedRows, ...report };
}

/**
 * The finish of a run: merges the shards' counts and rejected rows into the run's summary, and writes
 * the items every shard contributes to, once: each date's `AUDITSTATS` (merged stats) and `DATES`
 * entry (a date is listed only once all its shards are in).
 */
export async function finishSync(
  dates: readonly string[],
  outcomes: readonly ShardOutcome[],
  options: { concurrency?: number } = {},
): Promise<{ summary: Omit<SyncSummary, 'processingTimeMs'>; itemsWritten: number }> {
  const writer = new BatchWriter({ concurrency: options.concurrency });
  for (const date of dates) {
    const parts = outcomes.flatMap((outcome) => outcome.auditStats[date] ?? []);
    if (parts.length > 0) {
      // The head and its account pages: bounded items whatever the date's account count.
      const merged = mergeAuditStats(date, parts);
      for (const item of dateStatsItems(merged)) await writer.put(item);
      // The overview's distinct accounts and instruments are kept counters (idempotent).
      await keepAuditPresence(merged);
    }
    if (outcomes.some((outcome) => outcome.performanceDates.includes(date))) {
      await writer.put(performanceItems.dateItemOf(date));
    }
  }
  await writer.flush();
  // Every file of every date is in: the dates are complete (their `DATE#` entries are visible).
  for (const date of dates) await writer.delete(performanceItems.incompleteDateKey(date));
  await writer.flush();
  const shardItems = outcomes.reduce((sum, outcome) => sum + outcome.itemsWritten, 0);
  return {
    summary: {
      ...mergeShardOutcomes(outcomes),
      heldBreaches: await heldBreachesOf(dates),
      floorMismatches: await reconciliationRepository.countOfDates(dates),
    },
    itemsWritten: shardItems + writer.writtenCount,
  };
}
