import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncKeys } from '../../../functions/lib/db/keys';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { renewRunLock, startRun } from '../../../functions/sync/runs';
import { executeRun } from '../../../functions/sync/workflow';
import type { BrokerFileSource } from '../../../functions/sync/s3-source';
import { LeaseLostError } from '../../../functions/lib/judging/lock';
import { finishRun, planRun, runShard } from '../../../functions/sync/sharded-run';
import { hashKey, shardCountFor, shardOfKey } from '../../../functions/sync/shard-plan';
import type { SyncRun } from '@shared/sync/sync-run';
import { directorySink, generateDemoData } from '../../../scripts/demo-data';
import { directorySource } from '../../../scripts/demo-data';
import { scanAll, tableContents, useNewTable, type Item } from './support/table-snapshot';

/*
 * Sync at scale: a run split into 4 shards by account hash, 4 at a time, leaves exactly the
 * table a single-shard run of the same dates leaves, and the same summary; a shard that failed half
 * way and is run again alone changes nothing either (natural keys).
 */

const DATES = 4;
let brokerDir: string;

/** Replaces one column's cell of a simple (unquoted) CSV line. */
function withCell(header: string[], line: string, column: string, value: string): string {
  const cells = line.split(',');
  cells[header.indexOf(column)] = value;
  return cells.join(',');
}

/**
 * Appends rejected rows to the last date's files, in several accounts (so several shards): fills with
 * a bad price, and performance rows of accounts no accounts file lists (rejected by the judge).
 */
function addBadRows(date: string): void {
  const append = (kind: string, column: string, value: (index: number) => string) => {
    const file = join(brokerDir, 'broker', date, `${kind}.csv`);
    const [head, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
    const header = head!.split(',');
    const simple = lines.filter((line) => !line.includes('"')).slice(0, 6);
    expect(simple.length).toBeGreaterThan(3);
    appendFileSync(
      file,
      simple.map((line, index) => `${withCell(header, line, column, value(index))}\n`).join(''),
    );
  };
  append('daily-fills', 'FillPrice', () => 'abc');
  append('daily-performance', 'Account', (index) => `ZZUNKNOWN${index}`);
}

async function runWith(shards: number, concurrency: number): Promise<SyncRun> {
  process.env.SYNC_SHARDS = String(shards);
  try {
    return await executeRun(
      await startRun({ count: DATES, trigger: 'api' }),
      directorySource(brokerDir),
      { concurrency },
    );
  } finally {
    delete process.env.SYNC_SHARDS;
  }
}

/** A source whose file `key` breaks after some bytes, once: a shard that dies half way. */
function failingOnce(source: BrokerFileSource, key: string): BrokerFileSource {
  let failed = false;
  return {
    ...source,
    async open(file) {
      const stream = await source.open(file);
      if (failed || file.key !== key) return stream;
      failed = true;
      let seen = 0;
      stream.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > 2_000) stream.destroy(new Error('connection reset'));
      });
      return stream;
    },
  };
}

let reference: { run: SyncRun; table: Item[] };

beforeAll(async () => {
  brokerDir = mkdtempSync(join(tmpdir(), 'deskline-shards-'));
  await generateDemoData(
    { traders: 10, days: DATES, seed: 'shard-test' },
    directorySink(brokerDir),
  );
  addBadRows((await directorySource(brokerDir).listDates()).at(-1)!);
}, 120_000);

afterAll(() => rmSync(brokerDir, { recursive: true, force: true }));

describe('the shard plan', () => {
  it('sizes one shard per 2,000 accounts, at least one', () => {
    expect(shardCountFor(0)).toBe(1);
    expect(shardCountFor(2_000)).toBe(1);
    expect(shardCountFor(2_001)).toBe(2);
    expect(shardCountFor(100_000)).toBe(50);
  });

  it('hashes keys stably and spreads them', () => {
    expect(hashKey('ACC-1')).toBe(hashKey('ACC-1'));
    const counts = [0, 0, 0, 0];
    for (let index = 0; index < 4_000; index += 1) counts[shardOfKey(`ACC${index}`, 4)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });
});

describe('a sharded sync run', () => {
  beforeAll(async () => {
    await useNewTable('single');
    const run = await runWith(1, 1);
    expect(run).toMatchObject({ status: 'succeeded', shards: { done: 1, total: 1 } });
    reference = { run, table: await tableContents() };
  }, 120_000);

  it('in 4 shards, 4 at a time, leaves the table and summary of a single-shard run', async () => {
    await useNewTable('sharded');
    const run = await runWith(4, 4);

    expect(run).toMatchObject({
      status: 'succeeded',
      dates: reference.run.dates,
      shards: { done: 4, total: 4 },
    });
    expect(run.summary).toEqual({
      ...reference.run.summary,
      processingTimeMs: run.summary!.processingTimeMs,
    });
    expect(run.summary!.rejectedRows.length).toBeGreaterThan(0);
    const table = await tableContents();
    expect(table.length).toBe(reference.table.length);
    expect(table).toEqual(reference.table);
    // Each shard wrote its own part: four outcomes, each with rows of its own.
    const outcomes = (await scanAll()).filter(
      (item) => item.PK === syncKeys.run(run.runId).PK && String(item.SK).startsWith('SHARD#'),
    );
    expect(outcomes).toHaveLength(4);
    for (const item of outcomes) {
      const outcome = item.outcome as { counts: { dailyPerformanceRecords: number } };
      expect(outcome.counts.dailyPerformanceRecords).toBeGreaterThan(0);
    }
    expect(await syncRepository.getRun(run.runId)).toMatchObject({ shards: { done: 4 } });
    // The lock is released.
    expect((await scanAll()).some((item) => item.PK === syncKeys.lock.PK)).toBe(false);
  });

  it('retries a shard that failed half way alone, and the table is the same', async () => {
    await useNewTable('retried');
    process.env.SYNC_SHARDS = '3';
    const source = directorySource(brokerDir);
    const started = await startRun({ count: DATES, trigger: 'api' });
    let plan;
    try {
      plan = await planRun({ runId: started.runId }, source, startRun);
    } finally {
      delete process.env.SYNC_SHARDS;
    }
    expect(plan.shards.map((shard) => shard.index)).toEqual([0, 1, 2]);
    const firstDate = plan.dates[0]!;
    const flaky = failingOnce(source, `broker/${firstDate}/daily-fills.csv`);

    await runShard(plan.shards[0]!, source, renewRunLock);
    // Shard 1 has lost its lock; shard 2's connection resets half way in a file.
    await expect(
      runShard(plan.shards[1]!, source, async () => {
        throw new LeaseLostError(started.runId);
      }),
    ).rejects.toThrow('lost its lock');
    await expect(runShard(plan.shards[2]!, flaky, renewRunLock)).rejects.toThrow(
      'connection reset',
    );
    // Not all shards are in: finish refuses.
    await expect(finishRun(started.runId)).rejects.toThrow(/shards done/);
    expect(await syncRepository.getRun(started.runId)).toMatchObject({
      status: 'running',
      shards: { total: 3 },
    });

    // The failed shards run again alone, then finish.
    await runShard(plan.shards[1]!, source, renewRunLock);
    await runShard(plan.shards[2]!, source, renewRunLock);
    const run = await finishRun(started.runId);

    expect(run).toMatchObject({ status: 'succeeded', shards: { done: 3, total: 3 } });
    expect(run.summary).toEqual({
      ...reference.run.summary,
      processingTimeMs: run.summary!.processingTimeMs,
    });
    expect(await tableContents()).toEqual(reference.table);
  });
});
