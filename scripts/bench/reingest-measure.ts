import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountRepository } from '../../functions/lib/repositories/account-repository';
import { runSync } from '../../test/support/run-sync';
import {
  demoPrograms,
  demoRules,
  directorySink,
  directorySource,
  generateDemoData,
} from '../demo-data';
import { DEMO_DATA, seedPrograms, seedRules } from '../local-stack/seed';
import { startBenchTable } from './api-bench';

/*
 * How long re-ingesting one older date takes on the demo data: the demo's
 * traders and days (`npm start`'s DEMO_DATA) synced whole into a dynalite of its own, then one date
 * ten trading days back corrected (an account's balance 6,000 lower) and synced by name, which
 * replaces the date's rows and re-judges the later days of its accounts. Run it alone:
 *
 *   npx tsx scripts/bench/reingest-measure.ts
 */

const BACK = 10;

async function main(): Promise<void> {
  const db = await startBenchTable('reingest-bench');
  const work = mkdtempSync(join(tmpdir(), 'deskline-reingest-'));
  try {
    const createdAt = '2026-01-01T00:00:00.000Z';
    await seedRules(demoRules(createdAt));
    await seedPrograms(demoPrograms(createdAt));
    const demo = await generateDemoData({ ...DEMO_DATA }, directorySink(work));

    let started = Date.now();
    const full = await runSync({ count: demo.dates.length, source: directorySource(work) });
    const fullMs = Date.now() - started;

    const date = demo.dates.at(-1 - BACK)!;
    const file = join(work, 'broker', date, 'daily-performance.csv');
    const [header, first, ...rest] = readFileSync(file, 'utf8').trimEnd().split('\n');
    const columns = header!.split(',');
    const cells = first!.split(',');
    const balance = columns.indexOf('AcctBal');
    cells[balance] = (Number(cells[balance]) - 6_000).toFixed(2);
    writeFileSync(file, `${[header, cells.join(','), ...rest].join('\n')}\n`);
    const before = await accountRepository.get(cells[0]!);

    started = Date.now();
    const reingest = await runSync({ request: { dates: [date] }, source: directorySource(work) });
    const reingestMs = Date.now() - started;
    const after = await accountRepository.get(cells[0]!);

    console.log(
      JSON.stringify({
        traders: DEMO_DATA.traders,
        days: demo.dates.length,
        accountDays: full.summary.dailyPerformanceRecords,
        fullSyncMs: fullMs,
        reingestedDate: date,
        laterDays: BACK,
        accountDaysOfDate: reingest.summary.dailyPerformanceRecords,
        reingestMs,
        correctedAccountStateChanged:
          JSON.stringify(before?.engineState) !== JSON.stringify(after?.engineState),
      }),
    );
  } finally {
    await db.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
