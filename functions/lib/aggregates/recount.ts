import { accountRepository } from '../repositories/account-repository';
import { mapLimit } from '../map-limit';
import { queryAll } from '../db/table';
import { accountContribution, countAccount, sumContributions } from './account-aggregates';
import { performanceRepository } from '../repositories/performance-repository';
import { summaryRowContribution } from './summary-aggregates';
import { aggregateKeys, readCounts, type Counts } from './store';

/*
 * A full re-count from the stored accounts: what the kept counters and index lists should hold. Used
 * only by tests (counters equal a re-count after a sync, a re-run, a re-judge, a void, an upgrade),
 * and a repair or backfill (`repairAccountAggregates`), never by a request: they read every account.
 */

/** What every stored account contributes, summed: the counters by scope and each list's sort keys. */
export async function recountAccounts(): Promise<{
  counters: Record<string, Counts>;
  lists: Record<string, string[]>;
}> {
  const contributions = (await accountRepository.listAll()).map(accountContribution);
  const lists: Record<string, string[]> = {};
  for (const { index } of contributions)
    for (const entry of index) (lists[entry.list] ??= []).push(entry.sk);
  for (const keys of Object.values(lists)) keys.sort();
  return { counters: sumContributions(contributions), lists };
}

/**
 * What the stored daily summary rows of `dates` contribute, summed: the firm and trader summaries'
 * totals and the Latest Performance groups' counts.
 */
export async function recountSummaryRows(
  dates: readonly string[],
): Promise<Record<string, Counts>> {
  const rows = (
    await Promise.all(dates.map((date) => performanceRepository.listStoredSummaryRowsByDate(date)))
  ).flat();
  const sums = sumContributions(rows.map(summaryRowContribution));
  // A scope whose figures sum to zero reads as absent, as `readKept` leaves zeros out.
  for (const [scope, counts] of Object.entries(sums)) {
    for (const [field, value] of Object.entries(counts)) if (value === 0) delete counts[field];
    if (Object.keys(counts).length === 0) delete sums[scope];
  }
  return sums;
}

/** What the kept counters and index lists hold now, for the scopes and lists named. */
export async function readKept(
  scopes: readonly string[],
  lists: readonly string[],
): Promise<{ counters: Record<string, Counts>; lists: Record<string, string[]> }> {
  const counters: Record<string, Counts> = {};
  for (const scope of scopes) {
    const counts = Object.fromEntries(
      Object.entries(await readCounts(scope)).filter(([, value]) => value !== 0),
    );
    if (Object.keys(counts).length > 0) counters[scope] = counts;
  }
  const kept: Record<string, string[]> = {};
  for (const list of lists) {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': aggregateKeys.indexPartition(list) },
    });
    if (items.length > 0) kept[list] = items.map((item) => String(item.SK)).sort();
  }
  return { counters, lists: kept };
}

/**
 * Counts every stored account again: a repair after a bug, and the backfill of a counter added to
 * an account's contribution (accounts stored before it counted their other figures only). Each
 * count writes just what its marker lacks, and nothing when right. The accounts are listed a page of
 * ids at a time and each read by key, so it holds a page, never the firm.
 */
export async function repairAccountAggregates(): Promise<number> {
  let changed = 0;
  for await (const page of accountRepository.attachmentPages()) {
    await mapLimit(page, 8, async ({ accountId }) => {
      const account = await accountRepository.get(accountId);
      if (account && (await countAccount(account))) changed += 1;
    });
  }
  return changed;
}
