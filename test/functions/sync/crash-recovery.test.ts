import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { syncKeys } from '../../../functions/lib/db/keys';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { handler } from '../../../functions/sync/handler';
import { LEASE_MS } from '../../../functions/lib/judging/lock';
import { RUN_ABANDONED, startRun } from '../../../functions/sync/runs';
import { executeRun } from '../../../functions/sync/workflow';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { directorySink, generateDemoData } from '../../../scripts/demo-data';
import { directorySource } from '../../../scripts/demo-data';
import { tableContents, useNewTable } from './support/table-snapshot';

/*
 * Crash recovery: a sync run killed mid-way (SIGKILL after some batches, in a process
 * of its own) leaves its lock and a "running" record behind. Its heartbeat has stopped, so its lease
 * expires LEASE_MS after its last renewal: the next read of the runs list (what the Daily Sync page
 * polls) then records it as failed and frees the lock, within 2 minutes of the kill and without a new
 * start. A new run then syncs the same dates again; the table then holds exactly what a clean run
 * leaves (the run records aside, which differ by id and clock time). Time is injected, not waited for.
 */

const admin = claimsFor('admin');

/** The runs list as the Daily Sync page reads it, at the clock time `now`. */
async function runsListedAt(now: number) {
  const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
  try {
    const answer = await invoke(
      handler as never,
      httpEvent({ method: 'GET', path: '/api/sync/runs' }, { claims: admin }),
    );
    expect(answer.status).toBe(200);
    return answer.body.data as { runId: string; status: string; error?: string }[];
  } finally {
    clock.mockRestore();
  }
}

const DATES = 4;
const CRASH_AFTER_BATCHES = 30;
const ROOT = resolve(__dirname, '../../..');

let brokerDir: string;

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

    const killedAt = Date.now();

    // Its lease still runs: listing the runs leaves it running and locked.
    const { expiresAt } = (await syncRepository.getLock())!;
    expect(expiresAt).toBeGreaterThan(killedAt);
    expect(expiresAt).toBeLessThanOrEqual(killedAt + LEASE_MS);
    expect(
      (await runsListedAt(expiresAt - 1)).find((run) => run.runId === crash.runId),
    ).toMatchObject({ status: 'running' });
    expect(await syncRepository.getLock()).toMatchObject({ runId: crash.runId });

    // Two minutes after the kill, with no new start: the list shows it failed and the lock is free.
    const twoMinutesLater = killedAt + 120_000;
    expect((await runsListedAt(twoMinutesLater)).find((run) => run.runId === crash.runId)).toEqual(
      expect.objectContaining({ status: 'failed', error: RUN_ABANDONED }),
    );
    expect(await syncRepository.getRun(crash.runId)).toMatchObject({
      status: 'failed',
      error: RUN_ABANDONED,
      finishedAt: new Date(twoMinutesLater).toISOString(),
    });
    expect(await syncRepository.getLock()).toBeUndefined();
    // …and says so once: the abandoned run's sync.failed event.
    const failedEvent = `EVENT#sync.failed#${crash.runId}`;
    expect((await tableContents()).filter((item) => item.PK === failedEvent)).toEqual([
      expect.objectContaining({ type: 'sync.failed', link: `/sync/runs/${crash.runId}` }),
    ]);

    const next = await startRun({ count: DATES, trigger: 'api' });
    const recovered = await executeRun(next, directorySource(brokerDir));
    expect(recovered).toMatchObject({ status: 'succeeded', dates: clean.dates });
    expect(recovered.summary).toEqual({
      ...clean.summary,
      processingTimeMs: recovered.summary!.processingTimeMs,
    });
    // What the crashed run announced before it died is not announced again: the same events.
    expect((await tableContents()).filter((item) => item.PK !== failedEvent)).toEqual(expected);
  });
});
