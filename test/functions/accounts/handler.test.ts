import { handler } from '../../../functions/accounts/handler';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { accountOn, putAccounts } from '../../support/accounts';
import { demoProgram, seedCatalogue } from '../../support/programs';
import { runJobsInTests, settled } from '../../support/jobs';

// Force All Update is a background job, run here as on the local stack.
runJobsInTests();

const forceUpdate = { method: 'POST', path: '/api/accounts/force-program-update' } as const;
const call = () => invoke(handler, httpEvent(forceUpdate, { claims: claimsFor('admin') }));

describe('POST /api/accounts/force-program-update', () => {
  useFreshTable({ perTest: true, seed: programsAndAccounts });

  async function programsAndAccounts() {
    await seedCatalogue();
    const program = demoProgram('EVAL50K');
    await programRepository.saveVersion({ ...program, name: '50K Evaluation v2', version: 2 });
    await programRepository.delete('LIVE100K');
    await putAccounts([
      accountOn('EVAL50K-0001', 'EVAL50K', 1),
      accountOn('EVAL50K-0002', 'EVAL50K', 2),
      accountOn('EVAL100K-0001', undefined),
      accountOn('ELSEWHERE-1', undefined),
      accountOn('LIVE100K-0001', 'LIVE100K', 1),
    ]);
  }

  it('moves accounts to their program latest version and assigns programs by prefix', async () => {
    const answer = await call();

    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ kind: 'force-program-update', status: 'queued' });
    const job = await settled(answer);
    expect(job).toMatchObject({
      status: 'succeeded',
      total: 5,
      done: 5,
      counts: { updated: 1, assigned: 1, errors: 1, skipped: 2 },
    });
    await expect(accountRepository.get('EVAL50K-0001')).resolves.toMatchObject({
      program: { prefix: 'EVAL50K', version: 2, name: '50K Evaluation v2' },
    });
    await expect(accountRepository.get('EVAL100K-0001')).resolves.toMatchObject({
      type: 'eval',
      phase: 'evaluation',
      program: {
        prefix: 'EVAL100K',
        version: 1,
        currentPhase: 'evaluation',
        assignedExplicitly: false,
        currentPhaseData: { type: 'evaluation', startingBalance: 100_000 },
      },
    });
    await expect(accountRepository.get('ELSEWHERE-1')).resolves.not.toHaveProperty('program');
  });

  it('changes nothing more when run again', async () => {
    await settled(await call());

    const job = await settled(await call());

    expect(job).toMatchObject({
      total: 5,
      counts: { updated: 0, assigned: 0, errors: 1, skipped: 4, changed: 0 },
    });
  });

  it('refuses to run while a sync holds the lock', async () => {
    await syncRepository.acquireLock('busy', Date.now(), Date.now() + 60_000);
    const answer = await call();
    await syncRepository.releaseLock('busy');

    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe('A sync is already running');
  });

  it('refuses a trader with 403', async () => {
    const answer = await invoke(handler, httpEvent(forceUpdate, { claims: claimsFor('trader') }));

    expect(answer.status).toBe(403);
  });
});
