import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { handler } from '../../../functions/sync/handler';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';

/*
 * The HTTP function carries no workflow code: without a workflow (no SYNC_STATE_MACHINE_ARN) and
 * without a process that runs the workflow's steps itself, a started run cannot go anywhere.
 */
describe('a POST with neither a workflow nor an in-process runner', () => {
  useFreshTable({ perTest: true });

  it('answers 500, records the run failed and frees the lock for the next start', async () => {
    expect(process.env.SYNC_STATE_MACHINE_ARN).toBeUndefined();

    const answer = await invoke(
      handler as never,
      httpEvent(
        { method: 'POST', path: '/api/sync/daily-update' },
        { body: { count: 1 }, claims: claimsFor('admin') },
      ),
    );

    expect(answer.status).toBe(500);
    const { items } = await syncRepository.listRuns();
    expect(items).toEqual([
      expect.objectContaining({ status: 'failed', error: 'The sync could not be started' }),
    ]);
    // Released, not left to expire: the next start takes the lock at once, over no previous run.
    await expect(
      syncRepository.acquireLock('next', Date.now(), Date.now() + 60_000),
    ).resolves.toBeUndefined();
  });
});
