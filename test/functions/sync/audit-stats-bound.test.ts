import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditKeys } from '../../../functions/lib/db/keys';
import { queryAll } from '../../../functions/lib/db/table';
import { auditRepository } from '../../../functions/lib/repositories/audit-repository';
import {
  ACCOUNT_PAGE_BYTES,
  dateStatsItems,
  pageAccounts,
  type DateStats,
} from '../../../functions/lib/repositories/audit-items';
import { mergeAuditStats } from '../../../functions/sync/finish';
import { startRun } from '../../../functions/sync/runs';
import { executeRun } from '../../../functions/sync/workflow';
import { directorySource } from '../../../scripts/demo-data';
import { itemSize } from '../../support/item-size';
import { scanAll, useNewTable, type Item } from './support/table-snapshot';

/*
 * At 100k accounts a date's audit stats were one item holding every account number of the
 * date (≈ 16 bytes an account), past DynamoDB's 400 KB item limit from ≈ 25k accounts. They are now a
 * head of counters and bounded pages of accounts; every stored item stays under a fixed size.
 */

/** Every stored stats item stays under this: the page budget plus keys and names, far below 400 KB. */
const MAX_ITEM_BYTES = ACCOUNT_PAGE_BYTES + 1024;
const DYNAMODB_ITEM_LIMIT = 400 * 1024;

/** Account numbers of varied length (10–40 characters, every 997th of the 128 an id may have). */
function accountNumbers(count: number, prefix = 'ACC'): string[] {
  return Array.from({ length: count }, (_, index) => {
    const id = `${prefix}-${String(index).padStart(7, '0')}`;
    if (index % 997 === 0) return id.padEnd(128, 'L');
    return id.padEnd(10 + (index % 31), 'X');
  });
}

function statsOf(date: string, accounts: string[]): DateStats {
  return {
    date,
    total: accounts.length * 3,
    actions: { FILL: accounts.length, NEW: accounts.length * 2 },
    accounts: [...accounts].sort(),
    instruments: ['ESH6', 'NQH6'],
    instrumentCounts: { ESH6: accounts.length, NQH6: accounts.length * 2 },
  };
}

describe('the stored audit stats of a date', () => {
  const date = '20260313';
  const accounts = accountNumbers(100_000);
  // Eight shards' parts, each with its own accounts and the first 1,000 of every other shard.
  const parts = Array.from({ length: 8 }, (_, shard) =>
    statsOf(
      date,
      accounts.filter((_, index) => index % 8 === shard || index < 1_000),
    ),
  );
  const merged = mergeAuditStats(date, parts);
  const items = dateStatsItems(merged);
  const [head, ...pages] = items as [Item, ...Item[]];

  it('would not fit one item at 100,000 accounts (the shape it replaces)', () => {
    expect(itemSize({ ...merged, ...auditKeys.dateStats(date) })).toBeGreaterThan(
      DYNAMODB_ITEM_LIMIT,
    );
  });

  it('are items of at most 65 KB each at 100,000 accounts, no account lost or repeated', () => {
    expect(merged.accounts).toHaveLength(100_000);
    expect(head).toMatchObject({
      ...auditKeys.dateStats(date),
      total: merged.total,
      actions: merged.actions,
      accountCount: 100_000,
      accountPages: pages.length,
      instrumentCounts: merged.instrumentCounts,
    });
    expect(head).not.toHaveProperty('accounts');
    for (const item of items) expect(itemSize(item)).toBeLessThanOrEqual(MAX_ITEM_BYTES);
    expect(pages.map((page) => page.SK)).toEqual(
      pages.map((_, index) => auditKeys.dateAccounts(date, index).SK),
    );
    expect(pages.flatMap((page) => page.accounts as string[])).toEqual([...accounts].sort());
    // Pages are full but the last: as few items as the bytes allow.
    const bytes = accounts.reduce((sum, account) => sum + account.length + 1, 0);
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(bytes / ACCOUNT_PAGE_BYTES));
    expect(pages.length).toBeLessThanOrEqual(Math.ceil(bytes / (ACCOUNT_PAGE_BYTES - 129)));
  });

  it('keep a head whose size does not grow with the account count', () => {
    // The same counters over 10 accounts: only the digits of accountCount and accountPages differ.
    const small = dateStatsItems({ ...merged, accounts: merged.accounts.slice(0, 10) })[0] as Item;
    expect(itemSize(head) - itemSize(small)).toBeLessThanOrEqual(4);
    expect(itemSize(head)).toBeLessThan(512);
  });

  it('page account numbers of any stored length within the budget, in order', () => {
    const long = Array.from({ length: 200 }, (_, index) => `${index}`.padStart(2_000, 'A'));
    const paged = pageAccounts(long);
    expect(paged.flat()).toEqual(long);
    for (const page of paged) {
      expect(page.reduce((sum, account) => sum + account.length + 1, 0)).toBeLessThanOrEqual(
        ACCOUNT_PAGE_BYTES,
      );
    }
    expect(pageAccounts([])).toEqual([]);
  });
});

describe('a sharded run of a date with more accounts than a page holds', () => {
  const date = '20260313';
  // 1,500 accounts of 120 characters: ≈ 180 KB of account numbers, 3 pages, 2 in each shard.
  const accounts = Array.from({ length: 1_500 }, (_, index) =>
    `LONG-${String(index).padStart(5, '0')}`.padEnd(120, 'Q'),
  );
  let dir: string;

  beforeAll(async () => {
    await useNewTable('audit-stats');
    dir = mkdtempSync(join(tmpdir(), 'audit-stats-'));
    mkdirSync(join(dir, 'broker', date), { recursive: true });
    const lines = accounts.map(
      (account, index) =>
        `${date},2026-03-13T09:${String(Math.floor(index / 60) % 60).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}.000-05:00,${account},${index % 2 ? 'FILL' : 'NEW'},ESH6,T${index}`,
    );
    writeFileSync(
      join(dir, 'broker', date, 'audit-trail.csv'),
      [
        'serverProcessDate,serverTimestamp,accountNumber,action,instrument,serverTransactionNumber',
        ...lines,
      ].join('\n') + '\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // 1,500 accounts (more than a page holds) through a two-shard run and the finish's presence
  // counting: tens of seconds on a loaded 2-core CI machine.
  it('stores bounded shard parts and date pages, and the overview counts every account', async () => {
    process.env.SYNC_SHARDS = '2';
    let run;
    try {
      run = await executeRun(await startRun({ count: 1, trigger: 'api' }), directorySource(dir), {
        concurrency: 2,
      });
    } finally {
      delete process.env.SYNC_SHARDS;
    }
    expect(run.status).toBe('succeeded');
    expect(run.summary?.auditTrailRecords).toBe(1_500);

    const all = await scanAll();
    const shardParts = all.filter((item) => String(item.SK).startsWith('SHARDSTATS#'));
    const shardPages = shardParts.filter((item) => /#P\d{4}$/.test(String(item.SK)));
    expect(shardPages.length).toBeGreaterThanOrEqual(4);
    for (const item of shardParts) expect(itemSize(item)).toBeLessThanOrEqual(MAX_ITEM_BYTES);

    const heads = await queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': auditKeys.statsPartition },
    });
    const pages = await queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': auditKeys.accountsPartition },
    });
    expect(heads).toEqual([
      expect.objectContaining({ date, total: 1_500, accountCount: 1_500, accountPages: 3 }),
    ]);
    expect(pages).toHaveLength(3);
    for (const item of [...heads, ...pages]) {
      expect(itemSize(item)).toBeLessThanOrEqual(MAX_ITEM_BYTES);
    }
    expect(pages.flatMap((page) => page.accounts as string[])).toEqual(accounts);

    await expect(auditRepository.stats()).resolves.toEqual({
      totalRecords: 1_500,
      dateRange: { start: date, end: date },
      accounts: 1_500,
      instruments: 1,
      actions: [
        { _id: 'FILL', count: 750 },
        { _id: 'NEW', count: 750 },
      ],
    });
  }, 180_000);
});
