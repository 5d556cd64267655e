import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { handler as syncHandler } from '../../../functions/sync/handler';
import { runSync } from '../../support/run-sync';
import { renewRunLock, startRun } from '../../../functions/sync/runs';
import { runShardedInProcess } from '../../../functions/sync/sharded-run';
import type { BrokerFileSource } from '../../../functions/sync/s3-source';
import { directorySink, directorySource, generateDemoData } from '../../../scripts/demo-data';
import type { DemoDataResult } from '../../../scripts/demo-data/generate';
import { claimsFor, httpEvent, testContext } from '../../support/http-events';
import { batchPutAll } from '../../../functions/lib/db/batch-writer';
import { scanAll, tableContents, useNewTable } from './support/table-snapshot';

/*
 * The night's integrity against dynalite: one bad key is one rejected row; a date is all or
 * nothing; named dates re-ingest a corrected older date and re-judge the later days; folders from the
 * future or the far past are refused.
 */

const DAYS = 5;
/** A Saturday among the generated dates: no folder. */
const WEEKEND = '20260307';
let pristine: string;
let demo: DemoDataResult;

/** A copy of the generated files to change. */
function copyOfFiles(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deskline-night-'));
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

const filePath = (dir: string, date: string, kind: string) =>
  join(dir, 'broker', date, `${kind}.csv`);

/** Lines of a CSV file (no quoted newlines in the generated files). */
function linesOf(dir: string, date: string, kind: string): string[] {
  return readFileSync(filePath(dir, date, kind), 'utf8')
    .trimEnd()
    .split('\n');
}

function writeLines(dir: string, date: string, kind: string, lines: readonly string[]): void {
  writeFileSync(filePath(dir, date, kind), `${lines.join('\n')}\n`);
}

/** Rewrites the cells of `column` on the rows `pick` chooses (cells without quotes). */
function editColumn(
  dir: string,
  date: string,
  kind: string,
  column: string,
  pick: (cells: Record<string, string>) => boolean,
  change: (value: string) => string,
): number {
  const [header, ...rows] = linesOf(dir, date, kind);
  const columns = header!.split(',');
  const index = columns.indexOf(column);
  let changed = 0;
  const next = rows.map((row) => {
    const cells = row.split(',');
    if (!pick(Object.fromEntries(columns.map((name, at) => [name, cells[at] ?? ''])))) return row;
    cells[index] = change(cells[index]!);
    changed += 1;
    return cells.join(',');
  });
  writeLines(dir, date, kind, [header!, ...next]);
  return changed;
}

/** An account with a performance row on every date. */
function everyDayAccount(): string {
  const perDate = demo.dates.map(
    (date) =>
      new Set(
        linesOf(pristine, date, 'daily-performance')
          .slice(1)
          .map((row) => row.split(',')[0]!),
      ),
  );
  const found = [...perDate[0]!].find((account) => perDate.every((set) => set.has(account)));
  if (!found) throw new Error('No account trades every day');
  return found;
}

beforeAll(async () => {
  pristine = mkdtempSync(join(tmpdir(), 'deskline-night-src-'));
  demo = await generateDemoData(
    { traders: 6, days: DAYS, seed: 'night-integrity' },
    directorySink(pristine),
  );
}, 60_000);

afterAll(() => rmSync(pristine, { recursive: true, force: true }));

describe('a night with bad keys', () => {
  it('rejects an over-long FillId, trader id and account id and a / in an id, each with file and line, and ingests and judges the rest', async () => {
    const dir = copyOfFiles();
    const last = demo.dates.at(-1)!;
    const fills = linesOf(dir, last, 'daily-fills');
    const fillColumns = fills[0]!.split(',');
    const badFill = fills[1]!.split(',');
    badFill[fillColumns.indexOf('FillId')] = 'F'.repeat(1_100);
    writeLines(dir, last, 'daily-fills', [...fills, badFill.join(',')]);
    const traders = linesOf(dir, last, 'traders');
    const traderColumns = traders[0]!.split(',');
    const trader = (id: string) =>
      traderColumns.map((column) =>
        column === 'traderId' ? id : column === 'email' ? 'long@example.com' : '',
      );
    writeLines(dir, last, 'traders', [
      ...traders,
      trader('T'.repeat(3_000)).join(','),
      trader('TR/1').join(','),
    ]);
    const accounts = linesOf(dir, last, 'accounts');
    const accountColumns = accounts[0]!.split(',');
    const account = (id: string) =>
      accountColumns.map((column) =>
        column === 'accountId' ? id : column === 'traderId' ? 'TR000001' : '',
      );
    writeLines(dir, last, 'accounts', [
      ...accounts,
      account('A'.repeat(3_000)).join(','),
      account('APEX/1').join(','),
    ]);

    await useNewTable('bad-keys');
    const { summary } = await runSync({ count: DAYS, source: directorySource(dir) });
    rmSync(dir, { recursive: true, force: true });

    const file = (kind: string) => `broker/${last}/${kind}.csv`;
    expect(summary.rejectedRows).toEqual([
      {
        file: file('traders'),
        line: traders.length + 1,
        reason: 'traderId must be at most 128 characters',
      },
      {
        file: file('traders'),
        line: traders.length + 2,
        reason: 'traderId may hold only letters, digits and . _ : @ + -',
      },
      {
        file: file('accounts'),
        line: accounts.length + 1,
        reason: 'accountId must be at most 128 characters',
      },
      {
        file: file('accounts'),
        line: accounts.length + 2,
        reason: 'accountId may hold only letters, digits and . _ : @ + -',
      },
      {
        file: file('daily-fills'),
        line: fills.length + 1,
        reason: 'FillId must be at most 128 characters',
      },
    ]);
    // Everything else of the night is in and judged; the date is registered.
    expect(summary).toMatchObject({
      dailyFillsRecords: demo.rows['daily-fills'],
      tradersRecords: demo.rows.traders,
      accountsRecords: demo.rows.accounts,
      dailyPerformanceRecords: demo.rows['daily-performance'],
    });
    expect(summary.rejectedRecords).toMatchObject({ traders: 2, accounts: 2, 'daily-fills': 1 });
    await expect(performanceRepository.latestDates(1)).resolves.toEqual([last]);
    const judged = (await performanceRepository.listByDate(last)).filter(
      (day) => day.conformance !== null,
    );
    const rowsOfLast = linesOf(pristine, last, 'daily-performance').length - 1;
    expect(judged).toHaveLength(rowsOfLast);
    await expect(accountRepository.get('APEX/1')).resolves.toBeUndefined();
    process.stdout.write(
      `FIGURES one-bad-row night: ingested ${
        summary.dailyFillsRecords +
        summary.tradersRecords +
        summary.accountsRecords +
        summary.dailyPerformanceRecords +
        summary.dailyTradesRecords +
        summary.dailySymbolsRecords +
        summary.auditTrailRecords +
        summary.relationshipReportsRecords +
        summary.dailyRevenueRecords
      } rows, rejected ${summary.rejectedRows.length}, accounts judged on ${last}: ${judged.length}\n`,
    );
  }, 120_000);
});

describe('a row whose item the table refuses', () => {
  it('is rejected with its file and line (the batch split to find it), and the night goes on', async () => {
    const dir = copyOfFiles();
    const last = demo.dates.at(-1)!;
    const audit = linesOf(dir, last, 'audit-trail');
    const columns = audit[0]!.split(',');
    const huge = audit[1]!.split(',');
    // Valid cells, but an item past DynamoDB's 400 KB.
    huge[columns.indexOf('message')] = 'm'.repeat(450_000);
    huge[columns.indexOf('serverTransactionNumber')] = 'HUGE-1';
    writeLines(dir, last, 'audit-trail', [...audit.slice(0, 3), huge.join(','), ...audit.slice(3)]);

    await useNewTable('refused-item');
    const { summary } = await runSync({ count: DAYS, source: directorySource(dir) });
    rmSync(dir, { recursive: true, force: true });

    expect(summary.rejectedRows).toEqual([
      {
        file: `broker/${last}/audit-trail.csv`,
        line: 4,
        reason: expect.stringMatching(/^The table refused the row: .*size/i),
      },
    ]);
    expect(summary.auditTrailRecords).toBe(demo.rows['audit-trail']);
    expect(summary.rejectedRecords['audit-trail']).toBe(1);
    await expect(performanceRepository.latestDates(1)).resolves.toEqual([last]);
  }, 120_000);
});

/** The source, but opening the `failAt`-th file of `date` fails (a connection reset). */
function failingSource(source: BrokerFileSource, date: string, failAt: number): BrokerFileSource {
  let opened = 0;
  return {
    ...source,
    async open(file) {
      if (file.key.startsWith(`broker/${date}/`)) {
        opened += 1;
        if (opened === failAt) throw new Error('connection reset');
      }
      return source.open(file);
    },
  };
}

describe('a date interrupted part-way', () => {
  it('is left incomplete, never latest, and a re-run leaves the table a clean run leaves', async () => {
    const source = directorySource(pristine);
    const [first, second, third] = demo.dates.slice(-3) as [string, string, string];

    await useNewTable('clean-three');
    await runSync({ request: { dates: [first, second, third] }, source });
    const clean = await tableContents();

    await useNewTable('interrupted');
    await runSync({ request: { dates: [first, second] }, source });
    await expect(
      runSync({ request: { dates: [third] }, source: failingSource(source, third, 3) }),
    ).rejects.toThrow('connection reset');
    await expect(performanceRepository.latestDates(1)).resolves.toEqual([second]);
    await expect(performanceRepository.incompleteDates()).resolves.toEqual([third]);
    // Re-sent: the interrupted date is re-ingested; the same when it was complete before.
    await expect(
      runSync({ request: { dates: [second] }, source: failingSource(source, second, 5) }),
    ).rejects.toThrow('connection reset');
    await expect(performanceRepository.latestDates(2)).resolves.toEqual([first]);
    await expect(performanceRepository.incompleteDates()).resolves.toEqual([second, third]);
    // Staff see them, to sync them again by name (the Daily Sync page).
    const incomplete = async () => {
      const result = (await syncHandler(
        httpEvent(
          { method: 'GET', path: '/api/sync/incomplete-dates' },
          { claims: claimsFor('admin') },
        ),
        testContext,
      )) as APIGatewayProxyStructuredResultV2;
      return { status: result.statusCode, body: JSON.parse(String(result.body)) };
    };
    await expect(incomplete()).resolves.toMatchObject({
      status: 200,
      body: { data: [second, third] },
    });

    await runSync({ request: { from: second, to: third }, source });
    await expect(performanceRepository.incompleteDates()).resolves.toEqual([]);
    await expect(incomplete()).resolves.toMatchObject({ status: 200, body: { data: [] } });
    expect(await tableContents()).toEqual(clean);
  }, 180_000);
});

describe('syncing named dates', () => {
  it('re-ingests a corrected older date: its removed rows go and the later days are judged again', async () => {
    const accountId = everyDayAccount();
    const corrected = copyOfFiles();
    const older = demo.dates[1]!;
    // The broker corrects the balance (a 6,000 loss) and drops one of the account's fills.
    expect(
      editColumn(
        corrected,
        older,
        'daily-performance',
        'AcctBal',
        (row) => row.Account === accountId,
        (value) => (Number(value) - 6_000).toFixed(2),
      ),
    ).toBe(1);
    const fills = linesOf(corrected, older, 'daily-fills');
    const dropped = fills.findIndex((row, index) => index > 0 && row.startsWith(`${accountId},`));
    expect(dropped).toBeGreaterThan(0);
    writeLines(
      corrected,
      older,
      'daily-fills',
      fills.filter((_, index) => index !== dropped),
    );

    // The reference: every date synced cleanly from the corrected files.
    await useNewTable('corrected-clean');
    await runSync({ count: DAYS, source: directorySource(corrected) });
    // Events are left out: the pristine night announced what it judged, and a correction does not
    // take an announcement back (the corrected breach of an account told it failed is not told again).
    const reference = await tableContents({ events: false });

    await useNewTable('reingest');
    await runSync({ count: DAYS, source: directorySource(pristine) });
    const pristineNight = await scanAll();
    const before = await performanceRepository.listAllByAccount(accountId);
    const beforeState = (await accountRepository.get(accountId))?.engineState;

    const started = Date.now();
    const { dates, summary } = await runSync({
      request: { dates: [older, WEEKEND] },
      source: directorySource(corrected),
    });
    const took = Date.now() - started;
    expect(demo.dates).not.toContain(WEEKEND);
    expect(dates).toEqual([older]);
    expect(summary.missingDates).toEqual([WEEKEND]);

    const after = await performanceRepository.listAllByAccount(accountId);
    const later = (days: typeof after) =>
      days.filter((day) => day.Date > older).map((day) => day.conformance);
    // The later days' stored judgement follows the corrected balance…
    expect(later(after)).not.toEqual(later(before));
    expect((await accountRepository.get(accountId))?.engineState).not.toEqual(beforeState);
    // …and the whole table is what a clean sync of the corrected files leaves.
    expect(await tableContents({ events: false })).toEqual(reference);

    // The same re-ingest as a run of 3 shards, started as the API starts it, on a copy of the
    // pristine night: the same items as syncing its dates again, without the time of a sync.
    await useNewTable('reingest-sharded');
    // The counters come with the rows they count: counting the rows again would change nothing.
    await batchPutAll(pristineNight, { countAggregates: false });
    process.env.SYNC_SHARDS = '3';
    try {
      const request = { dates: [older, WEEKEND] };
      const run = await runShardedInProcess(await startRun({ count: 2, request, trigger: 'api' }), {
        source: directorySource(corrected),
        renewLock: renewRunLock,
      });
      expect(run).toMatchObject({ status: 'succeeded', request, dates: [older] });
      expect(run.summary?.missingDates).toEqual([WEEKEND]);
      await expect(syncRepository.getRun(run.runId)).resolves.toMatchObject({ request });
    } finally {
      delete process.env.SYNC_SHARDS;
    }
    expect(await tableContents({ events: false })).toEqual(reference);
    rmSync(corrected, { recursive: true, force: true });
    process.stdout.write(`FIGURES re-ingest of ${older} (6 traders, ${DAYS} days): ${took} ms\n`);
  }, 180_000);
});

describe('dates from the future or the far past', () => {
  it('are refused per folder with a reason, and latest data date stays where it was', async () => {
    const dir = copyOfFiles();
    const last = demo.dates.at(-1)!;
    // A clock at 21:00 Chicago time on the last date: already the next day in UTC.
    const now = () =>
      Date.parse(`${last.slice(0, 4)}-${last.slice(4, 6)}-${last.slice(6)}T21:00:00-05:00`);
    const nextDay = String(Number(last) + 1);
    for (const folder of [nextDay, '19991231']) {
      cpSync(join(dir, 'broker', last), join(dir, 'broker', folder), { recursive: true });
    }

    await useNewTable('future');
    const { dates, summary } = await runSync({ count: 2, source: directorySource(dir), now });

    expect(dates).toEqual(demo.dates.slice(-2));
    // The workflow's plan step chooses the same way, and the run's summary says so.
    const run = await runShardedInProcess(await startRun({ count: 1, trigger: 'api' }), {
      source: directorySource(dir),
      renewLock: renewRunLock,
      now,
    });
    expect(run).toMatchObject({ status: 'succeeded', dates: [last] });
    expect(run.summary?.refusedDates?.map((entry) => entry.date)).toEqual([nextDay]);
    rmSync(dir, { recursive: true, force: true });

    expect(dates).toEqual(demo.dates.slice(-2));
    expect(summary.refusedDates).toEqual([
      {
        date: nextDay,
        reason: `Dated after today (${last} in America/Chicago): a future folder is not synced`,
      },
    ]);
    await expect(performanceRepository.latestDates(1)).resolves.toEqual([last]);

    const named = await runSync({
      request: { dates: ['19991231', nextDay] },
      source: directorySource(pristine),
      now,
    });
    expect(named.dates).toEqual([]);
    expect(named.summary.refusedDates?.map((entry) => entry.date)).toEqual(['19991231', nextDay]);
    expect(named.summary.refusedDates?.[0]?.reason).toMatch(/far past/);
    await expect(performanceRepository.latestDates(1)).resolves.toEqual([last]);
  }, 120_000);
});
