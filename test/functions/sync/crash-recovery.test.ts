import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../../functions/lib/aws-clients';
import { syncKeys } from '../../../functions/lib/db/keys';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { executeRun, LOCK_TTL_MS, RUN_ABANDONED, startRun } from '../../../functions/sync/runs';
import {
  demoPrograms,
  demoRules,
  directorySink,
  generateDemoData,
} from '../../../scripts/demo-data';
import { ensureTable } from '../../../scripts/local-stack/bootstrap';
import { seedPrograms, seedRules } from '../../../scripts/local-stack/seed';
import { directorySource } from '../../support/directory-source';

/*
 * Crash recovery (issue 14): a sync run killed mid-way (SIGKILL after some batches, in a process of its
 * own) leaves its lock and a "running" record behind. Once the lock has expired a new run takes it
 * over, records the dead run as failed and syncs the same dates again; the table then holds exactly
 * what a clean run leaves (the run records aside, which differ by id and clock time).
 */

const DATES = 4;
const CRASH_AFTER_BATCHES = 30;
const ROOT = resolve(__dirname, '../../..');

type Item = Record<string, unknown>;

let brokerDir: string;
/** Keys of the rules and programs seeded into the current table, which carry the seeding's clock time. */
let seeded = new Set<string>();
const keyOf = (item: Item) => `${String(item.PK)}|${String(item.SK)}`;

async function useNewTable(prefix: string): Promise<void> {
  process.env.TABLE_NAME = `${prefix}-${randomUUID()}`;
  await ensureTable(new DynamoDBClient({}), process.env.TABLE_NAME);
  const createdAt = '2026-01-01T00:00:00.000Z';
  await seedRules(demoRules(createdAt));
  await seedPrograms(demoPrograms(createdAt));
  seeded = new Set((await tableContents()).map(keyOf));
}

/**
 * Every item of the current table but the run records, sorted by key: tests may scan. The seeded items
 * lose their creation and update times, which are the seeding's, not the sync's.
 */
async function tableContents(): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items
    .filter((item) => !String(item.PK).startsWith('SYNCRUN#'))
    .map((item) => {
      if (!seeded.has(keyOf(item))) return item;
      const { createdAt: _created, updatedAt: _updated, ...rest } = item;
      return rest;
    })
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

/** Starts crashing-run.ts against the current table; answers once it reports its crash point. */
function crashingRun(): Promise<{ child: ChildProcess; runId: string; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/functions/sync/support/crashing-run.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        BROKER_DIR: brokerDir,
        SYNC_COUNT: String(DATES),
        CRASH_AFTER_BATCHES: String(CRASH_AFTER_BATCHES),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolvePoint, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const point = /crash-point (\S+)/.exec(output);
      if (point) resolvePoint({ child, runId: point[1]!, output });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) =>
      reject(new Error(`The crashing run ended by itself (${code ?? signal}):\n${output}`)),
    );
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolveKill) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolveKill());
    child.kill('SIGKILL');
  });
}

beforeAll(async () => {
  brokerDir = mkdtempSync(join(tmpdir(), 'deskline-crash-'));
  await generateDemoData({ traders: 6, days: DATES, seed: 'crash-test' }, directorySink(brokerDir));
});

afterAll(() => rmSync(brokerDir, { recursive: true, force: true }));

describe('a sync run killed mid-way', () => {
  it('is recorded as failed once its lock expires, and the next run leaves the table a clean run leaves', async () => {
    // The reference: one uninterrupted run over the same files into a table of its own.
    await useNewTable('clean');
    const clean = await executeRun(
      await startRun({ count: DATES, trigger: 'api' }),
      directorySource(brokerDir),
    );
    expect(clean.status).toBe('succeeded');
    const expected = await tableContents();

    await useNewTable('crash');
    const crash = await crashingRun();
    await killed(crash.child);

    // Killed after some batches: part of the data is there, the run still says running, the lock holds.
    const partial = await tableContents();
    const lock = partial.find((item) => item.PK === syncKeys.lock.PK);
    expect(lock).toMatchObject({ runId: crash.runId });
    expect(partial.length).toBeGreaterThan(expected.length * 0.05);
    expect(partial.length).toBeLessThan(expected.length);
    expect(await syncRepository.getRun(crash.runId)).toMatchObject({ status: 'running' });
    await expect(startRun({ count: DATES, trigger: 'api' })).rejects.toThrow(
      'A sync is already running',
    );

    // The lock left to expire: the next run starts after its expiry.
    const later = Date.now() + LOCK_TTL_MS + 1_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    let next;
    try {
      next = await startRun({ count: DATES, trigger: 'api' });
    } finally {
      clock.mockRestore();
    }
    expect(await syncRepository.getRun(crash.runId)).toMatchObject({
      status: 'failed',
      error: RUN_ABANDONED,
      finishedAt: new Date(later).toISOString(),
    });

    const recovered = await executeRun(next, directorySource(brokerDir));
    expect(recovered).toMatchObject({ status: 'succeeded', dates: clean.dates });
    expect(recovered.summary).toEqual({
      ...clean.summary,
      processingTimeMs: recovered.summary!.processingTimeMs,
    });
    expect(await tableContents()).toEqual(expected);
  });
});
