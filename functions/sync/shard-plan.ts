import type { BrokerFileKind } from '@shared/broker-files/kinds';
import { hashKey } from '../lib/db/keys';

/*
 * How a sync run is split (docs/sync-at-scale.md §4): rows by account hash. Shard k of N keeps the
 * rows whose key hashes to k; every row of one account, on every date, lands in the same shard, so a
 * shard judges its accounts' days in date order on its own and no two shards write the same item.
 */

/** One shard per this many accounts (a shard of 2,000 accounts is ≈ 26k rows a night, ≈ 7 CPU-s). */
export const ACCOUNTS_PER_SHARD = 2_000;
/** At most this many shards a run, whatever the account count (the Distributed Map's items). */
export const MAX_SHARDS = 1_000;

/** A shard of a run: which part of the rows it keeps, out of how many. */
export interface ShardSpec {
  index: number;
  count: number;
}

/** The whole run in one shard: what a run without sharding is. */
export const SINGLE_SHARD: ShardSpec = { index: 0, count: 1 };

/** N = ceil(accounts / 2,000), at least 1, at most {@link MAX_SHARDS}. */
export function shardCountFor(accounts: number): number {
  return Math.min(MAX_SHARDS, Math.max(1, Math.ceil(accounts / ACCOUNTS_PER_SHARD)));
}

/** The hash rows are sharded by: the same FNV-1a the GSI1 write shards use (keys.ts). */
export { hashKey };

export function shardOfKey(key: string, count: number): number {
  return count <= 1 ? 0 : hashKey(key) % count;
}

/**
 * The column whose (trimmed) cell decides a row's shard: the account for every account-keyed kind,
 * the trader for traders. Revenue rows have no account: shard 0 keeps them.
 */
export const SHARD_COLUMN: Readonly<Record<BrokerFileKind, string | undefined>> = {
  traders: 'traderId',
  accounts: 'accountId',
  relationships: 'accountId',
  'daily-performance': 'Account',
  'daily-fills': 'Account',
  'daily-trades': 'Account',
  'daily-symbols': 'Account',
  'audit-trail': 'accountNumber',
  'daily-revenue': undefined,
};

/** Whether shard `shard` owns a row of `kind` with these raw cells. */
export function ownsRow(
  shard: ShardSpec,
  kind: BrokerFileKind,
  cells: Readonly<Record<string, string>>,
): boolean {
  if (shard.count <= 1) return true;
  const column = SHARD_COLUMN[kind];
  if (!column) return shard.index === 0;
  return shardOfKey((cells[column] ?? '').trim(), shard.count) === shard.index;
}

/** Whether `shard` owns the row keyed `key` (a parsed account or trader id). */
export function ownsKey(shard: ShardSpec, key: string): boolean {
  return shard.count <= 1 || shardOfKey(key.trim(), shard.count) === shard.index;
}

/** The shards of a run, 0 to count − 1. */
export function shardsOf(count: number): ShardSpec[] {
  return Array.from({ length: count }, (_, index) => ({ index, count }));
}
