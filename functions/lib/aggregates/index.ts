/*
 * Kept aggregates (docs/data-model.md "Aggregates"): counters and index lists maintained as the
 * things they count are stored, read in O(1) (a scope's few counter shards) or O(page).
 *
 * - `aggregates.count(kind, id, contribution)`: a subject (an account, a date…) now contributes this;
 *   idempotent, so a retry, a re-run or a re-judge to the same figures writes nothing.
 * - `aggregates.read(scope)`: a scope's counters, summed over its shards.
 * - `aggregates.page(list, limit, cursor)`: one page of an index list in its sort key order.
 * - `aggregates.countAccount(account)`: an account's contribution (the dashboard, the attention
 *   lists, the home glance), called wherever an account is stored.
 */
import { countAccount, uncountAccount } from './account-aggregates';
import { countSubject, readCounts, readIndexPage } from './store';

export type { Contribution, Counts, IndexEntry } from './store';
export { countDeltas } from './store';

export const aggregates = {
  count: countSubject,
  read: readCounts,
  page: readIndexPage,
  countAccount,
  uncountAccount,
} as const;
