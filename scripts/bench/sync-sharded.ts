import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SyncRecordCountField } from '@shared/sync/sync-run';
import { finishSync } from '../../functions/sync/finish';
import { mapLimit } from '../../functions/lib/map-limit';
import { syncShard, type ShardOutcome } from '../../functions/sync/pipeline';
import type { BrokerFileSource } from '../../functions/sync/s3-source';
import { ACCOUNTS_PER_SHARD, shardCountFor, shardsOf } from '../../functions/sync/shard-plan';
import { defaultShardConcurrency } from '../../infra/sync-stack';
import {
  demoPrograms,
  demoRules,
  directorySink,
  directorySource,
  generateDemoData,
} from '../demo-data';
import { ensureTable } from '../local-stack/bootstrap';
import { seedPrograms, seedRules } from '../local-stack/seed';
import { startDynaliteProcess } from './server-process';
import type { Bench, Figures } from './types';

/*
 * Sync at scale: the same dates synced in one shard, then in four shards four at a time,
 * each into a fresh table of one local storage server (dynalite), with the steps the workflow runs in
 * AWS (syncShard, finishSync). `sync.shardedSpeedup` is the one-shard wall time ÷ the four-shard one.
 * From the measured rates it projects a night at 100,000 accounts. Runs in a child process of its own.
 */

const DATASET = { traders: 150, days: 3, seed: 'bench-sharded' } as const;
const SHARDS = 4;
const CONCURRENCY = 4;
/** A shard that owns almost nothing: its time is the scan every shard pays (read, hash, skip). */
const SCAN_PROBE_SHARDS = 1_000;
const PROJECTED_ACCOUNTS = 100_000;

async function freshTable(endpoint: string, name: string): Promise<void> {
  process.env.TABLE_NAME = name;
  await ensureTable(new DynamoDBClient({ endpoint }), name);
  const createdAt = '2026-01-01T00:00:00.000Z';
  await seedRules(demoRules(createdAt));
  await seedPrograms(demoPrograms(createdAt));
}

const rowsOf = (outcome: ShardOutcome) =>
  (Object.values(outcome.counts) as number[]).reduce((sum, count) => sum + count, 0);

interface TimedRun {
  seconds: number;
  shardSeconds: number[];
  shardRows: number[];
  rows: number;
  accountsPerDate: number;
}

/** The workflow's steps in this process: every shard of `count`, `concurrency` at a time, finish. */
async function timedRun(
  source: BrokerFileSource,
  dates: string[],
  count: number,
  concurrency: number,
  only?: number,
): Promise<TimedRun> {
  const started = process.hrtime.bigint();
  const shards = shardsOf(count).filter((shard) => only === undefined || shard.index === only);
  const outcomes: ShardOutcome[] = [];
  const shardSeconds: number[] = [];
  await mapLimit(shards, concurrency, async (shard) => {
    const shardStarted = process.hrtime.bigint();
    const outcome = await syncShard({ dates, shard, source });
    shardSeconds[shard.index] = Number(process.hrtime.bigint() - shardStarted) / 1e9;
    outcomes.push(outcome);
  });
  const { summary } = await finishSync(dates, outcomes);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const field: SyncRecordCountField = 'accountsRecords';
  return {
    seconds,
    shardSeconds: shardSeconds.filter((value) => value !== undefined),
    shardRows: outcomes.sort((a, b) => a.shard.index - b.shard.index).map(rowsOf),
    rows: outcomes.reduce((sum, outcome) => sum + rowsOf(outcome), 0),
    accountsPerDate: summary[field] / dates.length,
  };
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

async function measure(): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'deskline-bench-sharded-'));
  const dynalite = await startDynaliteProcess();
  Object.assign(process.env, {
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'bench',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'bench',
    AWS_ENDPOINT_URL_DYNAMODB: dynalite.endpoint,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  try {
    await generateDemoData(DATASET, directorySink(dir));
    const source = directorySource(dir);
    const dates = await source.listDates();

    await freshTable(dynalite.endpoint, 'bench-one-shard');
    const one = await timedRun(source, dates, 1, 1);
    console.error(`1 shard: ${one.rows} rows in ${one.seconds.toFixed(1)} s`);

    await freshTable(dynalite.endpoint, 'bench-four-shards');
    const four = await timedRun(source, dates, SHARDS, CONCURRENCY);
    console.error(
      `${SHARDS} shards, ${CONCURRENCY} at a time: ${four.seconds.toFixed(1)} s; shards ${four.shardSeconds
        .map((value, index) => `${four.shardRows[index]} rows ${value.toFixed(1)} s`)
        .join(', ')}`,
    );

    // The scan every shard pays: a shard of 1 in 1,000 reads every line and keeps almost none.
    await freshTable(dynalite.endpoint, 'bench-scan-probe');
    const probe = await timedRun(source, dates, SCAN_PROBE_SHARDS, 1, 0);
    const scanSecondsPerRow = probe.seconds / one.rows;
    console.error(`scan probe: ${probe.rows} rows kept, ${probe.seconds.toFixed(1)} s`);

    // Projection: rows per account-night and one shard's rate measured here (storage-bound here,
    // DynamoDB-quota-bound in AWS), N shards of 2,000 accounts, the workflow's concurrency.
    const rowsPerAccountNight = one.rows / (one.accountsPerDate * dates.length);
    const shardRate = (one.rows - probe.rows) / Math.max(one.seconds - probe.seconds, 1e-3);
    const shardCount = shardCountFor(PROJECTED_ACCOUNTS);
    const nightRows = PROJECTED_ACCOUNTS * rowsPerAccountNight;
    const shardSecondsProjected =
      (ACCOUNTS_PER_SHARD * rowsPerAccountNight) / shardRate + nightRows * scanSecondsPerRow;
    const waves = Math.ceil(shardCount / defaultShardConcurrency);
    const projectedSeconds = waves * shardSecondsProjected;
    console.error(
      `projection at ${PROJECTED_ACCOUNTS} accounts: ${Math.round(nightRows)} rows, ${shardCount} shards ` +
        `of ${ACCOUNTS_PER_SHARD} accounts, ${defaultShardConcurrency} at a time (${waves} waves) × ` +
        `${shardSecondsProjected.toFixed(1)} s per shard (${shardRate.toFixed(0)} rows/s own + ` +
        `${(scanSecondsPerRow * 1e6).toFixed(1)} µs/row scan) ≈ ${(projectedSeconds / 60).toFixed(1)} min`,
    );

    return {
      'sync.shardedSpeedup': { value: round(one.seconds / four.seconds), unit: 'ratio' },
      'sync.shardRowsPerSecond': { value: Math.round(shardRate), unit: 'rows/s' },
      'sync.shardScanMicrosPerRow': { value: round(scanSecondsPerRow * 1e6, 1), unit: 'µs/row' },
      'sync.projected100kMinutes': { value: round(projectedSeconds / 60, 1), unit: 'min' },
    };
  } finally {
    await dynalite.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `sync.shardedSpeedup` and the 100,000-account projection, in a child process. */
export const syncShardedBench: Bench = {
  name: 'sync-sharded',
  run() {
    return new Promise<Figures>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/bench/sync-sharded.ts', 'measure'],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => {
        const last = output.trim().split('\n').at(-1) ?? '';
        if (code !== 0) reject(new Error(`The sharded sync benchmark exited with ${code}`));
        else resolve(JSON.parse(last) as Figures);
      });
    });
  },
};

if (process.argv[2] === 'measure') {
  measure()
    .then((figures) => {
      process.stdout.write(`${JSON.stringify(figures)}\n`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
