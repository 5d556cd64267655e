import { ConflictError } from '../../../../functions/lib/errors';
import { syncRepository } from '../../../../functions/lib/repositories/sync-repository';
import type { SyncRun } from '@shared/sync/sync-run';
import { useFreshTable } from '../../../support/fresh-table';

function run(index: number): SyncRun {
  return {
    runId: `run-${index}`,
    trigger: 'api',
    status: 'succeeded',
    count: 1,
    dates: ['20260302'],
    startedAt: new Date(Date.UTC(2026, 2, 2, 0, index)).toISOString(),
    finishedAt: null,
    summary: null,
  };
}

describe('syncRepository', () => {
  useFreshTable({ perTest: true });

  it('lets one run hold the lock and refuses a second with 409', async () => {
    await syncRepository.acquireLock('a', 1_000, 61_000);

    await expect(syncRepository.acquireLock('b', 2_000, 62_000)).rejects.toThrow(ConflictError);
    await expect(syncRepository.acquireLock('b', 2_000, 62_000)).rejects.toThrow(
      'A sync is already running',
    );
  });

  it('takes over a lock whose run crashed and let it expire', async () => {
    await syncRepository.acquireLock('a', 1_000, 61_000);

    await syncRepository.acquireLock('c', 61_001, 121_001);

    await expect(syncRepository.renewLock('a', 200_000)).resolves.toBe(false);
    await expect(syncRepository.renewLock('c', 200_000)).resolves.toBe(true);
  });

  it("releases only the holder's lock", async () => {
    await syncRepository.acquireLock('c', 61_001, 121_001);

    await syncRepository.releaseLock('a');
    await expect(syncRepository.acquireLock('d', 100_000, 160_000)).rejects.toThrow(ConflictError);

    await syncRepository.releaseLock('c');
    await syncRepository.acquireLock('d', 100_000, 160_000);
    await syncRepository.releaseLock('d');
  });

  it('keeps runs and lists them newest first across pages', async () => {
    for (let index = 0; index < 25; index += 1) await syncRepository.saveRun(run(index));

    const first = await syncRepository.listRuns({ limit: 10 });
    const rest = await syncRepository.listRuns({ limit: 20, cursor: first.nextCursor });

    expect(first.items[0]?.runId).toBe('run-24');
    expect([...first.items, ...rest.items]).toHaveLength(25);
    expect(rest.items.at(-1)?.runId).toBe('run-0');
    await expect(syncRepository.getRun('run-3')).resolves.toMatchObject({
      runId: 'run-3',
      status: 'succeeded',
    });
    await expect(syncRepository.getRun('nope')).resolves.toBeUndefined();
  });
});
