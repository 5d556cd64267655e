import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { runSync } from '../../test/support/run-sync';
import { demoPrograms, demoRules, directorySource } from '../demo-data';
import { ensureTable } from '../local-stack/bootstrap';
import { seedPrograms, seedRules } from '../local-stack/seed';
import { startDynaliteProcess } from './server-process';
import type { Figures } from './types';

/*
 * Growth of the nightly sync (`sync.nightGrowth`, `sync.shardHeapKbPerAccount`): the same accounts
 * synced one night at a time over 250 trading days, as the schedule does. A night's wall time and the
 * shard's heap per account are taken around day 10 and around day 250; flat costs give ratios near 1.
 * Runs in a child process of `npm run bench` (child-measure.ts) so the heap is the sync's own.
 */

const DATASET = { traders: 8, days: 250, seed: 'growth' } as const;
/** Nights measured at each end: the median of these is the figure (one night is noisy locally). */
const EARLY = [6, 15] as const;
const LATE = [DATASET.days - 9, DATASET.days] as const;

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The night's wall time and the heap it held above the heap before it, sampled every 2 ms. */
async function measureNight(
  date: string,
  dir: string,
): Promise<{ seconds: number; cpuSeconds: number; heapKb: number; accounts: number }> {
  collect();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 2);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const outcome = await runSync({ request: { dates: [date] }, source: directorySource(dir) });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return {
      seconds,
      cpuSeconds,
      heapKb: (peak - base) / 1024,
      accounts: outcome.summary.accountsRecords,
    };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'deskline-growth-'));
  const db = await startDynaliteProcess();
  try {
    const generated = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/demo-data/cli.ts',
        ...['--traders', String(DATASET.traders), '--days', String(DATASET.days)],
        ...['--seed', DATASET.seed, '--out', work],
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (generated.status !== 0) throw new Error(`The generator exited with ${generated.status}`);
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
      TABLE_NAME: 'growth',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
    });
    await ensureTable(new DynamoDBClient({ endpoint: db.endpoint }), 'growth');
    const createdAt = '2026-01-01T00:00:00.000Z';
    await seedRules(demoRules(createdAt));
    await seedPrograms(demoPrograms(createdAt));

    const dates = (await directorySource(work).listDates()).sort();
    // The measured nights one at a time, as the schedule runs them; the days between in one run
    // (the same judging, without 225 runs' fixed costs), so the bench takes a minute or two.
    const nights: { seconds: number; cpuSeconds: number; heapKbPerAccount: number }[] = [];
    const nightly = async (from: number, to: number) => {
      for (const date of dates.slice(from - 1, to)) {
        const night = await measureNight(date, work);
        nights[dates.indexOf(date)] = {
          seconds: night.seconds,
          cpuSeconds: night.cpuSeconds,
          heapKbPerAccount: night.heapKb / Math.max(1, night.accounts),
        };
      }
    };
    await nightly(1, EARLY[1]);
    await runSync({
      request: { dates: dates.slice(EARLY[1], LATE[0] - 1) },
      source: directorySource(work),
    });
    await nightly(LATE[0], LATE[1]);
    const at = ([from, to]: readonly [number, number]) => nights.slice(from - 1, to);
    const early = at(EARLY);
    const late = at(LATE);
    const seconds = (list: typeof nights) => median(list.map((night) => night.seconds));
    const cpu = (list: typeof nights) => median(list.map((night) => night.cpuSeconds));
    const heap = (list: typeof nights) => median(list.map((night) => night.heapKbPerAccount));
    console.error(
      `growth: ${dates.length} nights; night ${EARLY.join('–')} ${seconds(early).toFixed(3)} s, ` +
        `${heap(early).toFixed(1)} KB heap/account; night ${LATE.join('–')} ` +
        `${seconds(late).toFixed(3)} s, ${heap(late).toFixed(1)} KB heap/account; CPU of the sync's ` +
        `process ${cpu(early).toFixed(3)} s → ${cpu(late).toFixed(3)} s`,
    );
    const figures: Figures = {
      'sync.nightGrowth': {
        value: Number((seconds(late) / seconds(early)).toFixed(2)),
        unit: 'x (night at day 250 ÷ at day 10)',
      },
      // The same nights' CPU in the sync's process (dynalite runs in its own): less noisy than wall
      // time on a shared machine.
      'sync.nightCpuGrowth': {
        value: Number((cpu(late) / cpu(early)).toFixed(2)),
        unit: 'x (CPU of a night at day 250 ÷ at day 10)',
      },
      'sync.shardHeapKbPerAccount': {
        value: Number(heap(late).toFixed(1)),
        unit: 'KB per account at day 250',
      },
      'sync.shardHeapGrowth': {
        value: Number((heap(late) / heap(early)).toFixed(2)),
        unit: 'x (heap per account at day 250 ÷ at day 10)',
      },
    };
    console.log(JSON.stringify(figures));
  } finally {
    await db.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
