import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { ShardAccounts } from '../../../functions/sync/account-book';
import { shardOfKey } from '../../../functions/sync/shard-plan';
import { directorySink, directorySource, generateDemoData } from '../../../scripts/demo-data';
import { runSync } from '../../support/run-sync';
import { useNewTable } from './support/table-snapshot';

/*
 * A shard reads only its own accounts, by key: never the whole account list, never more than a page
 * of keys a request, and only accounts its rows name (docs/sync-at-scale.md §10).
 */

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'deskline-shard-accounts-'));
  await generateDemoData({ traders: 6, days: 3, seed: 'shard-accounts' }, directorySink(dir));
  await useNewTable('shard-accounts');
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  jest.restoreAllMocks();
});

it('reads only its own accounts, by key, never the whole table, in one shard and in three', async () => {
  const listAll = jest.spyOn(accountRepository, 'listAll');
  const loaded = new Map<ShardAccounts, Set<string>>();
  const load = ShardAccounts.prototype.load;
  jest.spyOn(ShardAccounts.prototype, 'load').mockImplementation(async function (
    this: ShardAccounts,
    ids: Iterable<string>,
  ) {
    const list = [...ids];
    const seen = loaded.get(this) ?? new Set<string>();
    list.forEach((id) => seen.add(id));
    loaded.set(this, seen);
    return load.call(this, list);
  });
  await runSync({ count: 3, source: directorySource(dir) });
  expect(loaded.size).toBe(1);
  const all = [...loaded.values()][0] as Set<string>;
  expect(all.size).toBeGreaterThan(6);
  loaded.clear();
  await runSync({ count: 1, source: directorySource(dir), shards: 3 });

  expect(listAll).not.toHaveBeenCalled();
  // Each of the three shards read accounts of its own hash only, and between them every account.
  expect(loaded.size).toBe(3);
  const shardsOfReads = [...loaded.values()].map(
    (ids) => new Set([...ids].map((id) => shardOfKey(id, 3))),
  );
  for (const shards of shardsOfReads) expect(shards.size).toBe(1);
  expect(new Set(shardsOfReads.flatMap((shards) => [...shards])).size).toBe(3);
  const union = new Set([...loaded.values()].flatMap((ids) => [...ids]));
  const stored = (await accountRepository.listAll()).map((account) => account.accountId);
  expect(stored.every((id) => union.has(id))).toBe(true);
});
