import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { handler } from '../../../functions/sync/handler';
import { startRun } from '../../../functions/sync/runs';
import { executeRun } from '../../../functions/sync/workflow';
import {
  demoPrograms,
  demoRules,
  directorySink,
  directorySource,
  generateDemoData,
} from '../../../scripts/demo-data';
import { seedPrograms, seedRules } from '../../../scripts/local-stack/seed';
import { SYNC_REJECTED_ROWS_KEPT, type SyncRun } from '@shared/sync/sync-run';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';

/*
 * A run you can open: every rejected row is kept under the run and paged by
 * GET /api/sync/runs/{runId}/rejected-rows (not only the summary's first 100); the summary counts
 * rows per file and the accounts judged, newly failed and newly passed; the run's progress by dates
 * and files is saved as it goes. Run in 2 shards, so the shards' reports are merged.
 */

const JUNK_ROWS = 250;
const admin = claimsFor('admin');
let brokerDir: string;
let dates: string[];
let run: SyncRun;

async function rejectedRowsPage(runId: string, cursor?: string) {
  return invoke(
    handler as never,
    httpEvent(
      { method: 'GET', path: '/api/sync/runs/{runId}/rejected-rows' },
      { pathParameters: { runId }, claims: admin, ...(cursor && { query: { cursor } }) },
    ),
  );
}

describe('the report of a sync run', () => {
  useFreshTable();

  beforeAll(async () => {
    brokerDir = mkdtempSync(join(tmpdir(), 'deskline-report-'));
    ({ dates } = await generateDemoData(
      { traders: 6, days: 5, seed: 'report-test' },
      directorySink(brokerDir),
    ));
    const createdAt = '2026-01-01T00:00:00.000Z';
    await seedRules(demoRules(createdAt));
    await seedPrograms(demoPrograms(createdAt));
    // 250 rows no schema accepts, in the last date's fills.
    const junk = Array.from({ length: JUNK_ROWS }, (_, index) => `junk-${index},x,y\n`).join('');
    appendFileSync(join(brokerDir, 'broker', dates.at(-1)!, 'daily-fills.csv'), junk);
    process.env.SYNC_SHARDS = '2';
    try {
      run = await executeRun(
        await startRun({ count: dates.length, trigger: 'api' }),
        directorySource(brokerDir),
      );
    } finally {
      delete process.env.SYNC_SHARDS;
    }
  });

  afterAll(() => rmSync(brokerDir, { recursive: true, force: true }));

  it('keeps every rejected row, paged 100 at a time in the run’s order, beyond the summary’s first 100', async () => {
    expect(run.status).toBe('succeeded');
    const summary = run.summary!;
    const rejected = Object.values(summary.rejectedRecords).reduce((sum, count) => sum + count, 0);
    expect(rejected).toBeGreaterThanOrEqual(JUNK_ROWS);
    expect(summary.rejectedRows).toHaveLength(SYNC_REJECTED_ROWS_KEPT);

    const rows = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await rejectedRowsPage(run.runId, cursor);
      expect(answer.status).toBe(200);
      expect(answer.body.data.length).toBeLessThanOrEqual(100);
      rows.push(...answer.body.data);
      cursor = answer.body.nextCursor;
      pages += 1;
    } while (cursor);

    expect(rows).toHaveLength(rejected);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(rejected / 100));
    const fillsFile = `broker/${dates.at(-1)}/daily-fills.csv`;
    const junkLines = rows.filter((row) => row.file === fillsFile).map((row) => row.line);
    expect(new Set(junkLines).size).toBe(JUNK_ROWS);
    for (const row of rows) expect(row.reason.length).toBeGreaterThan(0);
  });

  it('counts rows per file, adding up to the run’s totals', () => {
    const summary = run.summary!;
    const files = summary.files!;
    expect(new Set(files.map((file) => file.date))).toEqual(new Set(dates));
    const fills = files.find((file) => file.file === `broker/${dates.at(-1)}/daily-fills.csv`)!;
    expect(fills).toMatchObject({ kind: 'daily-fills', date: dates.at(-1) });
    expect(fills.rejected).toBe(JUNK_ROWS);
    expect(fills.accepted).toBeGreaterThan(0);

    const accepted = files.reduce((sum, file) => sum + file.accepted, 0);
    const rejected = files.reduce((sum, file) => sum + file.rejected, 0);
    expect(accepted).toBe(
      summary.auditTrailRecords +
        summary.relationshipReportsRecords +
        summary.dailyPerformanceRecords +
        summary.dailyFillsRecords +
        summary.dailyTradesRecords +
        summary.dailySymbolsRecords +
        summary.dailyRevenueRecords +
        summary.tradersRecords +
        summary.accountsRecords,
    );
    expect(rejected).toBe(
      Object.values(summary.rejectedRecords).reduce((sum, count) => sum + count, 0),
    );
    const fillsOfRun = files
      .filter((file) => file.kind === 'daily-fills')
      .reduce((sum, file) => sum + file.accepted, 0);
    expect(fillsOfRun).toBe(summary.dailyFillsRecords);
  });

  it('counts the accounts judged, newly failed and newly passed (a fresh table: every account started active)', async () => {
    const accounts = await accountRepository.listAll();
    const judged = accounts.filter((account) => account.engineStateDate !== undefined);
    const summary = run.summary!;

    expect(summary.accountsJudged).toBe(judged.length);
    expect(summary.accountsJudged).toBeGreaterThan(0);
    expect(summary.newlyFailed).toBe(judged.filter((a) => a.status === 'failed').length);
    expect(summary.newlyFailed).toBeGreaterThan(0);
    expect(summary.newlyPassed).toBe(judged.filter((a) => a.status === 'passed').length);
  });

  it('saved its progress by dates and files, complete once finished', () => {
    expect(run.progress).toMatchObject({
      datesDone: dates.length,
      datesTotal: dates.length,
      date: dates.at(-1),
    });
    expect(run.progress!.filesDone).toBe(run.progress!.filesTotal);
    expect(run.progress!.filesTotal).toBe(run.summary!.totalFiles);
  });

  it('answers 404 for an unknown run and 400 for a forged cursor', async () => {
    expect((await rejectedRowsPage('no-such-run')).status).toBe(404);
    const forged = await rejectedRowsPage(run.runId, 'bm90IGEgY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(forged.body.error.details[0].field).toBe('cursor');
  });
});
