import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { handler } from '../../../functions/sync/handler';
import {
  HEARTBEAT_MS,
  Heartbeat,
  LEASE_MS,
  LeaseLostError,
  reapExpiredLease,
  RUN_ABANDONED,
  withSyncLock,
} from '../../../functions/lib/judging/lock';
import { startRun } from '../../../functions/sync/runs';
import { executeRun } from '../../../functions/sync/workflow';
import type { BrokerFileSource } from '../../../functions/sync/s3-source';
import { directorySink, directorySource, generateDemoData } from '../../../scripts/demo-data';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';

/*
 * The sync lock as a lease: renewed by a heartbeat while a run works, a long date
 * included; a run whose heartbeat stopped is recorded as failed and its lock freed by whatever reads
 * the runs or takes the lock next, within 2 minutes. Clock time is injected (fake Date and timers),
 * never waited for.
 */

const admin = claimsFor('admin');
let brokerDir: string;

/** Waits on real I/O (dynalite) while the fake clock stands still. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 2_000; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

async function getRunAt(runId: string) {
  return invoke(
    handler as never,
    httpEvent(
      { method: 'GET', path: '/api/sync/runs/{runId}' },
      {
        pathParameters: { runId },
        claims: admin,
      },
    ),
  );
}

describe('the sync lease', () => {
  // Each test starts runs of its own: none may see another's run or lock.
  useFreshTable({ perTest: true });

  beforeAll(async () => {
    brokerDir = mkdtempSync(join(tmpdir(), 'deskline-lease-'));
    await generateDemoData({ traders: 2, days: 1, seed: 'lease-test' }, directorySink(brokerDir));
  });

  afterAll(() => rmSync(brokerDir, { recursive: true, force: true }));

  afterEach(async () => {
    jest.useRealTimers();
    const lock = await syncRepository.getLock();
    if (lock) await syncRepository.releaseLock(lock.runId);
  });

  it('lasts 90 s and is renewed every 20 s: a dead run is found within 2 minutes', () => {
    expect(LEASE_MS).toBe(90_000);
    expect(HEARTBEAT_MS).toBe(20_000);
    expect(LEASE_MS + HEARTBEAT_MS).toBeLessThanOrEqual(120_000);
  });

  it('a killed run (no heartbeat) is failed and unlocked when its run is read after the lease, not before', async () => {
    const t0 = Date.now() - 10 * 60_000;
    const run = await startRun({ count: 1, trigger: 'api' }, t0);
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(t0 + LEASE_MS - 1);
      await expect(getRunAt(run.runId)).resolves.toMatchObject({ body: { status: 'running' } });
      expect(await syncRepository.getLock()).toMatchObject({ runId: run.runId });

      clock.mockReturnValue(t0 + 120_000);
      await expect(getRunAt(run.runId)).resolves.toMatchObject({
        body: {
          status: 'failed',
          error: RUN_ABANDONED,
          result: { success: false, error: RUN_ABANDONED },
        },
      });
    } finally {
      clock.mockRestore();
    }
    expect(await syncRepository.getLock()).toBeUndefined();
  });

  it('an account refresh or program update (withSyncLock) takes over an expired lease and fails its run', async () => {
    const run = await startRun({ count: 1, trigger: 'api' }, Date.now() - LEASE_MS - 1);

    await expect(withSyncLock('account-refresh', async () => 'done')).resolves.toBe('done');

    expect(await syncRepository.getRun(run.runId)).toMatchObject({
      status: 'failed',
      error: RUN_ABANDONED,
    });
    expect(await syncRepository.getLock()).toBeUndefined();
  });

  it('a live lease is a 409 for an account refresh, and leaves the run running', async () => {
    const run = await startRun({ count: 1, trigger: 'api' });

    await expect(withSyncLock('account-refresh', async () => 'done')).rejects.toThrow(
      'A sync is already running',
    );
    expect(await reapExpiredLease(Date.now(), [run.runId])).toEqual([]);
    expect(await syncRepository.getRun(run.runId)).toMatchObject({ status: 'running' });
  });

  it('records a running run that does not hold the lock as failed (its lock freed or taken unrecorded)', async () => {
    const run = await startRun({ count: 1, trigger: 'api' });
    await syncRepository.releaseLock(run.runId);

    const answer = await invoke(
      handler as never,
      httpEvent({ method: 'GET', path: '/api/sync/runs' }, { claims: admin }),
    );

    expect(answer.body.data[0]).toMatchObject({
      runId: run.runId,
      status: 'failed',
      error: RUN_ABANDONED,
    });
  });

  it('a finished run is never turned failed by a late reap', async () => {
    const run = await startRun({ count: 1, trigger: 'api' }, Date.now() - LEASE_MS - 1);
    await syncRepository.saveRun({
      ...run,
      status: 'succeeded',
      finishedAt: new Date().toISOString(),
    });

    expect(await reapExpiredLease(Date.now(), [run.runId])).toEqual([]);
    expect(await syncRepository.getRun(run.runId)).toMatchObject({ status: 'succeeded' });
    expect(await syncRepository.getLock()).toBeUndefined();
  });

  it('a live run keeps its lease through a date that takes 5 minutes, then finishes', async () => {
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'clearTimeout', 'queueMicrotask'],
    });
    const files = directorySource(brokerDir);
    let opened = false;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The daily-fills file of the date stalls until released: one long date.
    const slow: BrokerFileSource = {
      ...files,
      async open(file) {
        if (file.kind === 'daily-fills') {
          opened = true;
          await held;
        }
        return files.open(file);
      },
    };
    const run = await startRun({ count: 1, trigger: 'api' });
    const finished = executeRun(run, slow, { concurrency: 1 });
    await until(async () => opened, 'the long date');

    for (let beat = 1; beat <= 15; beat += 1) {
      await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
      const now = Date.now();
      // The beat's renewal lands: the lease runs LEASE_MS from now.
      await until(
        async () => (await syncRepository.getLock())?.expiresAt === now + LEASE_MS,
        `renewal ${beat}`,
      );
      expect(await reapExpiredLease(now, [run.runId])).toEqual([]);
    }
    expect(await syncRepository.getRun(run.runId)).toMatchObject({ status: 'running' });

    release();
    await expect(finished).resolves.toMatchObject({ status: 'succeeded' });
    expect(await syncRepository.getLock()).toBeUndefined();
  });
});

describe('a heartbeat', () => {
  it('retries a renewal that failed for a passing reason, and stops for good once the lease is lost', async () => {
    const outcomes: (Error | undefined)[] = [
      new Error('ProvisionedThroughputExceededException'),
      undefined,
      new LeaseLostError('run-1'),
      undefined,
    ];
    let calls = 0;
    const heartbeat = new Heartbeat(async () => {
      const outcome = outcomes[calls];
      calls += 1;
      if (outcome) throw outcome;
    });

    await heartbeat.beat();
    expect(() => heartbeat.check()).not.toThrow();
    await heartbeat.beat();
    await heartbeat.beat();
    expect(() => heartbeat.check()).toThrow(LeaseLostError);
    await heartbeat.beat();
    expect(calls).toBe(3);
  });
});
