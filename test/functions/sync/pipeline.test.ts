import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../functions/lib/aws/dynamodb';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { runSync, type SyncOutcome } from '../../support/run-sync';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import {
  demoPrograms,
  demoRules,
  directorySink,
  generateDemoData,
  type DemoDataResult,
} from '../../../scripts/demo-data';
import { seedPrograms, seedRules } from '../../../scripts/local-stack/seed';
import { directorySource } from '../../../scripts/demo-data';
import { useFreshTable } from '../../support/fresh-table';
import { memorySource } from './support/memory-source';

/** Every item of the test's table, sorted: tests may scan, request paths may not. */
async function tableContents(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.sort((a, b) => `${a.PK}|${a.SK}`.localeCompare(`${b.PK}|${b.SK}`));
}

let dir: string;
let demo: DemoDataResult;
const scenario = (name: string) => {
  const found = demo.manifest.scenarios.find((entry) => entry.name === name);
  if (!found) throw new Error(`No scenario ${name}`);
  return found;
};

let synced: SyncOutcome;

/** The demo catalogue, then all eight generated dates synced once. */
async function syncedDemo(): Promise<void> {
  const createdAt = '2026-01-01T00:00:00.000Z';
  await seedRules(demoRules(createdAt));
  await seedPrograms(demoPrograms(createdAt));
  synced = await runSync({ count: 8, source: directorySource(dir) });
}

describe('daily sync pipeline over generated broker files', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'deskline-sync-'));
    demo = await generateDemoData({ traders: 6, days: 8, seed: 'sync-test' }, directorySink(dir));
  }, 60_000);
  // A re-run and a bad file write over the synced days: each test starts from its own copy.
  useFreshTable({ perTest: true, seed: syncedDemo });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ingests every row of every kind over all dates, rejecting none', () => {
    const { dates, summary } = synced;

    expect(dates).toEqual(demo.dates);
    expect(summary.rejectedRows).toEqual([]);
    expect(summary).toMatchObject({
      totalFiles: 72,
      processedFiles: 72,
      tradersRecords: demo.rows.traders,
      accountsRecords: demo.rows.accounts,
      relationshipReportsRecords: demo.rows.relationships,
      dailyPerformanceRecords: demo.rows['daily-performance'],
      dailyFillsRecords: demo.rows['daily-fills'],
      dailyTradesRecords: demo.rows['daily-trades'],
      dailySymbolsRecords: demo.rows['daily-symbols'],
      auditTrailRecords: demo.rows['audit-trail'],
      dailyRevenueRecords: demo.rows['daily-revenue'],
    });
  });

  it('judges the scenario accounts as the generator scripted them', async () => {
    const pass = await accountRepository.get(scenario('pass').accountId);
    const bust = await accountRepository.get(scenario('trailing-drawdown-bust').accountId);
    const dailyLoss = await accountRepository.get(scenario('daily-loss-breach').accountId);

    expect(pass?.accountSummary).toMatchObject({
      phasePassed: true,
      phasePassedDate: scenario('pass').passedOn,
    });
    expect(bust?.accountSummary).toMatchObject({
      phaseFailed: true,
      phaseFailedDate: scenario('trailing-drawdown-bust').failedOn,
      accountStatus: 'failed',
    });
    expect(dailyLoss?.accountSummary?.phaseFailedDate).toBe(scenario('daily-loss-breach').failedOn);
    const failedDay = await performanceRepository.getDayDetail(
      bust!.accountId,
      scenario('trailing-drawdown-bust').failedOn!,
    );
    expect(failedDay?.performance.conformance?.overallStatus).toBe('violation');
    expect(failedDay?.performance.conformance?.rules.length).toBeGreaterThan(0);
  });

  it('leaves the table exactly as it was when the same dates run again', async () => {
    const before = await tableContents();

    const again = await runSync({ count: 8, source: directorySource(dir) });
    const rerunTail = await runSync({ count: 3, source: directorySource(dir) });

    expect(again.summary.rejectedRows).toEqual([]);
    expect(rerunTail.dates).toEqual(demo.dates.slice(-3));
    expect(await tableContents()).toEqual(before);
  }, 120_000);

  it('rejects bad rows with file, line and reason and keeps the rest', async () => {
    const date = demo.dates.at(-1)!;
    const file = join(dir, 'broker', date, 'daily-revenue.csv');
    const original = readFileSync(file, 'utf8');
    const [header, ...rows] = original.trimEnd().split('\n');
    const columns = header!.split(',');
    const bad = columns
      .map((column) =>
        column === 'grossIncome'
          ? '12.5'
          : column === 'provider'
            ? 'stripe'
            : column === 'date'
              ? date
              : '',
      )
      .join(',');
    writeFileSync(file, [header, ...rows, bad, 'too,few'].join('\n') + '\n');
    try {
      const { summary } = await runSync({ count: 1, source: directorySource(dir) });

      expect(summary.dailyRevenueRecords).toBe(rows.length);
      expect(summary.rejectedRecords['daily-revenue']).toBe(2);
      expect(summary.rejectedRows).toEqual([
        {
          file: `broker/${date}/daily-revenue.csv`,
          line: rows.length + 2,
          reason: expect.stringContaining('grossIncome'),
        },
        {
          file: `broker/${date}/daily-revenue.csv`,
          line: rows.length + 3,
          reason: expect.stringContaining('cells'),
        },
      ]);
    } finally {
      writeFileSync(file, original);
    }
  }, 60_000);
});

describe('a trader whose new account arrives without a traders file', () => {
  useFreshTable();

  it('lists the new account on the trader', async () => {
    const source = memorySource({
      'broker/20260302/traders.csv': 'traderId,email\nT1,t1@example.com\n',
      'broker/20260302/accounts.csv': 'accountId,traderId\nA-1,T1\n',
      'broker/20260303/accounts.csv': 'accountId,traderId\nA-2,T1\n',
    });

    await runSync({ count: 1, source: { ...source, listDates: async () => ['20260302'] } });
    await runSync({ count: 1, source });

    await expect(traderRepository.get('T1')).resolves.toMatchObject({ accounts: ['A-1', 'A-2'] });
    // No row of the second run gave T1's e-mail: the stored trader, read by key, gives it.
    await expect(accountRepository.get('A-2')).resolves.toMatchObject({
      email: 't1@example.com',
    });
  });
});

describe.each([1, 3])('the traders of a run in %i shard(s)', (shards) => {
  useFreshTable({ perTest: true });
  afterEach(() => jest.restoreAllMocks());

  it('are read by key, never the whole list; a past date adds a new trader but rolls back no stored one', async () => {
    const source = memorySource({
      'broker/20260302/traders.csv': 'traderId,email\nT1,t1-old@example.com\nT2,t2@example.com\n',
      'broker/20260302/accounts.csv': 'accountId,traderId\nA-1,T1\nA-2,T2\n',
      'broker/20260303/traders.csv': 'traderId,email\nT1,t1-new@example.com\n',
      'broker/20260303/accounts.csv': 'accountId,traderId\nA-1,T1\nA-3,T1\n',
      // Performance makes 20260303 a stored date, so that 20260302 is a re-ingest of the past.
      'broker/20260303/daily-performance.csv':
        'Account,Date,NetPnl,AcctBal,Trades\nA-1,20260303,10,50010,1\n',
    });
    const listAll = jest.spyOn(traderRepository, 'listAll');
    await runSync({ request: { dates: ['20260303'] }, source, shards });
    // 20260302 is older than the stored 20260303: a re-ingest of the past.
    await runSync({ request: { dates: ['20260302'] }, source, shards });

    expect(listAll).not.toHaveBeenCalled();
    await expect(traderRepository.get('T1')).resolves.toMatchObject({
      email: 't1-new@example.com',
      accounts: ['A-1', 'A-3'],
    });
    await expect(traderRepository.get('T2')).resolves.toMatchObject({
      email: 't2@example.com',
      accounts: ['A-2'],
    });
    const emails = Object.fromEntries(
      await Promise.all(
        ['A-1', 'A-2', 'A-3'].map(async (id) => [id, (await accountRepository.get(id))?.email]),
      ),
    );
    expect(emails).toEqual({
      'A-1': 't1-new@example.com',
      'A-2': 't2@example.com',
      'A-3': 't1-new@example.com',
    });
  });
});
