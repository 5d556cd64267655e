import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { FloorMismatch } from '@shared/reconciliation/floor-mismatch';
import { handler } from '../../../functions/sync/handler';
import { reconciliationRepository } from '../../../functions/sync/reconciliation';
import { runSync, type SyncOutcome } from '../../support/run-sync';
import { claimsFor, httpEvent, testContext } from '../../support/http-events';
import {
  demoPrograms,
  demoRules,
  directorySink,
  directorySource,
  generateDemoData,
  type DemoDataResult,
} from '../../../scripts/demo-data';
import {
  RMS_LATE_TRAIL_ACCOUNT,
  RMS_OFFSET_ACCOUNT,
} from '../../../scripts/demo-data/broker-floor';
import { seedPrograms, seedRules } from '../../../scripts/local-stack/seed';
import { useFreshTable } from '../../support/fresh-table';
import { runJobsInTests, settled } from '../../support/jobs';

// Upgrades and voids are background jobs, run here as on the local stack.
runJobsInTests();

let dir: string;
let demo: DemoDataResult;
let synced: SyncOutcome;

async function syncedDemo(): Promise<void> {
  const createdAt = '2026-01-01T00:00:00.000Z';
  await seedRules(demoRules(createdAt));
  await seedPrograms(demoPrograms(createdAt));
  synced = await runSync({ count: 8, source: directorySource(dir) });
}

async function everyMismatch(): Promise<FloorMismatch[]> {
  return (await reconciliationRepository.list({}, 1_000)).items;
}

async function voidDay(accountId: string, date: string) {
  const result = (await handler(
    httpEvent(
      { method: 'POST', path: '/api/sync/voids' },
      {
        claims: claimsFor('admin'),
        body: { date, accountIds: [accountId], reason: 'Broker resent the day' },
      },
    ),
    testContext,
  )) as APIGatewayProxyStructuredResultV2;
  // The void re-judges in a background job: its status once it has ended.
  const job = await settled({
    status: result.statusCode ?? 0,
    body: JSON.parse(String(result.body)),
  });
  return `${result.statusCode} ${job.status}`;
}

async function get(query: Record<string, string>, role: 'admin' | 'trader' = 'admin') {
  const result = (await handler(
    httpEvent(
      { method: 'GET', path: '/api/sync/reconciliation' },
      { claims: claimsFor(role), query },
    ),
    testContext,
  )) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(String(result.body ?? 'null')) };
}

/** Rewrites one cell of an account-day's performance row; gives back the file's original text. */
function editThreshold(date: string, accountId: string, value: string): string {
  const file = join(dir, 'broker', date, 'daily-performance.csv');
  const original = readFileSync(file, 'utf8');
  const [header, ...rows] = original.trimEnd().split('\n');
  const column = header!.split(',').indexOf('AutoLiquidateThresholdValue');
  const edited = rows.map((row) => {
    if (!row.startsWith(`${accountId},${date},`)) return row;
    const cells = row.split(',');
    cells[column] = value;
    return cells.join(',');
  });
  writeFileSync(file, [header, ...edited].join('\n') + '\n');
  return original;
}

describe('reconciliation of the broker floor in the nightly sync', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'deskline-recon-'));
    demo = await generateDemoData({ traders: 6, days: 8, seed: 'sync-test' }, directorySink(dir));
  }, 60_000);
  useFreshTable({ perTest: true, seed: syncedDemo });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("records the demo's deliberate mismatches, and only those, counted in the run summary", async () => {
    const mismatches = await everyMismatch();

    expect(new Set(mismatches.map((m) => m.accountId))).toEqual(
      new Set([RMS_OFFSET_ACCOUNT, RMS_LATE_TRAIL_ACCOUNT]),
    );
    expect(synced.summary.floorMismatches).toBe(mismatches.length);
    // The RMS's smaller drawdown: $500 above the program's floor on every date, a constant offset
    // once a previous day shows it.
    const offset = mismatches
      .filter((m) => m.accountId === RMS_OFFSET_ACCOUNT)
      .sort((a, b) => a.date.localeCompare(b.date));
    expect(offset.map((m) => m.date)).toEqual(demo.dates);
    expect(offset.every((m) => m.difference === 500)).toBe(true);
    expect(offset.every((m) => m.brokerFloor === m.engineFloor! + 500)).toBe(true);
    expect(offset.slice(1).every((m) => m.cause === 'configuration-offset')).toBe(true);
    // The RMS that trails a day late differs only on the days the program's floor rose.
    const late = mismatches.filter((m) => m.accountId === RMS_LATE_TRAIL_ACCOUNT);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((m) => m.cause === 'trailing-behaviour' && m.difference! < 0)).toBe(true);
  });

  it('keeps the mismatches as they were when a night runs again, and drops one the corrected files no longer give', async () => {
    const before = await everyMismatch();
    const date = demo.dates.at(-2)!;
    const day = before.find((m) => m.accountId === RMS_OFFSET_ACCOUNT && m.date === date)!;

    const again = await runSync({ count: 8, source: directorySource(dir) });
    expect(await everyMismatch()).toEqual(before);
    expect(again.summary.floorMismatches).toBe(before.length);

    const original = editThreshold(date, RMS_OFFSET_ACCOUNT, day.engineFloor!.toFixed(2));
    try {
      const corrected = await runSync({ request: { dates: [date] }, source: directorySource(dir) });
      expect(corrected.summary.floorMismatches).toBe(
        before.filter((m) => m.date === date).length - 1,
      );
      await expect(reconciliationRepository.get(RMS_OFFSET_ACCOUNT, date)).resolves.toBeUndefined();
      // The next day no longer repeats the day before: its offset is no longer called constant.
      const next = await reconciliationRepository.get(RMS_OFFSET_ACCOUNT, demo.dates.at(-1)!);
      expect(next?.difference).toBe(500);
    } finally {
      writeFileSync(join(dir, 'broker', date, 'daily-performance.csv'), original);
    }
  }, 120_000);

  it('answers staff a page at a time, by date and by account, and refuses a trader', async () => {
    const all = await everyMismatch();
    const date = demo.dates.at(-1)!;

    const first = await get({});
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(Math.min(all.length, 50));
    expect(first.body.data[0].date).toBe(date);

    const ofDate = await get({ date });
    expect(ofDate.body.data.map((m: FloorMismatch) => m.date)).toEqual(
      all.filter((m) => m.date === date).map((m) => m.date),
    );
    const ofAccount = await get({ accountId: RMS_OFFSET_ACCOUNT });
    expect(ofAccount.body.data).toHaveLength(demo.dates.length);
    expect(ofAccount.body.data[0].date).toBe(date);
    const one = await get({ accountId: RMS_OFFSET_ACCOUNT, date });
    expect(one.body.data).toEqual([
      expect.objectContaining({ accountId: RMS_OFFSET_ACCOUNT, date, difference: 500 }),
    ]);

    const bad = await get({ date: '2026-01-01' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/date/);
    expect((await get({ cursor: 'not-a-cursor' })).status).toBe(400);
    expect((await get({}, 'trader')).status).toBe(403);
  });

  it('forgets the mismatch of a voided account-day', async () => {
    const date = demo.dates.at(-1)!;
    await expect(reconciliationRepository.get(RMS_OFFSET_ACCOUNT, date)).resolves.toBeDefined();

    expect(await voidDay(RMS_OFFSET_ACCOUNT, date)).toBe('202 succeeded');

    await expect(reconciliationRepository.get(RMS_OFFSET_ACCOUNT, date)).resolves.toBeUndefined();
    await expect(
      reconciliationRepository.get(RMS_OFFSET_ACCOUNT, demo.dates.at(-2)!),
    ).resolves.toBeDefined();
  });
});
