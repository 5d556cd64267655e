import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import { putItem, type Item } from '../../../../functions/lib/db/table';
import { syncKeys } from '../../../../functions/lib/db/keys';
import { handler as accountsHandler } from '../../../../functions/accounts/handler';
import { handler as jobsHandler } from '../../../../functions/jobs/handler';
import { jobRepository } from '../../../../functions/lib/jobs/job-repository';
import {
  resumeJob,
  runDispatchedJobsInProcess,
  runJobInProcess,
  startJob,
} from '../../../../functions/lib/jobs/job-runs';
import { runJobStep } from '../../../../functions/lib/jobs/run-job';
import { syncRepository } from '../../../../functions/lib/repositories/sync-repository';
import {
  accountRepository,
  type StoredAccount,
} from '../../../../functions/lib/repositories/account-repository';
import { programRepository } from '../../../../functions/lib/repositories/program-repository';
import { jobListing } from '../../../../functions/lib/judging/program-upgrade';
import { createTable, scanAll, useFreshTable } from '../../../support/fresh-table';
import { callers } from '../../../support/callers';
import { httpEvent, invoke } from '../../../support/http-events';
import { demoStack, syncAllButLast, type DemoStack } from '../../../support/demo-firm';

let stack: DemoStack;

async function syncedFirm(): Promise<void> {
  stack = await demoStack({ seed: 'background-jobs', days: 5 });
  await syncAllButLast(stack);
}

/** Every program gets a newer version: Force All Update then moves every account with a program. */
async function bumpEveryProgram(): Promise<void> {
  for (const program of await programRepository.listCurrent()) {
    await programRepository.saveVersion({ ...program, version: program.version + 1 });
  }
}

/** A new table holding `items`: the same firm again, for a second run to compare with the first. */
async function tableOf(items: readonly Item[]): Promise<void> {
  await createTable();
  await batchPutAll([...items]);
}

/**
 * What the firm's table holds besides the job's own items and the lock: each item by key, with the
 * event items' random id and time left out (an event is the same event by its key).
 */
async function firmState(): Promise<Map<string, unknown>> {
  const state = new Map<string, unknown>();
  for (const item of await scanAll()) {
    const pk = String(item.PK);
    if (pk.startsWith('JOB#') || pk === 'SYNC') continue;
    const { eventId: _id, occurredAt: _at, GSI1PK: _g1, GSI1SK: _g1s, ...rest } = item;
    state.set(`${pk}\u0000${String(item.SK)}`, pk.startsWith('EVENT') ? rest : item);
  }
  return state;
}

const startForceAll = (claims: Record<string, string>) =>
  invoke(
    accountsHandler,
    httpEvent({ method: 'POST', path: '/api/accounts/force-program-update' }, { claims }),
  );
const readJob = (jobId: string, claims: Record<string, string>) =>
  invoke(
    jobsHandler,
    httpEvent({ method: 'GET', path: '/api/jobs/{jobId}' }, { pathParameters: { jobId }, claims }),
  );

const forceAll = (by = 'staff@example.com') =>
  startJob({ kind: 'force-program-update', subject: {}, startedBy: by });

describe('background jobs', () => {
  useFreshTable({ perTest: true, seed: syncedFirm });
  afterAll(() => stack.dispose());
  // The tests drive the steps themselves: a started job waits for them.
  beforeAll(() => runDispatchedJobsInProcess(() => Promise.resolve()));

  it('a job over several accounts moves its progress a batch at a time and ends with every account done', async () => {
    await bumpEveryProgram();
    const withProgram = (await accountRepository.listAll()).filter((account) => account.program);
    expect(withProgram.length).toBeGreaterThan(4);
    const job = await forceAll();
    expect(job.status).toBe('queued');

    const progress: number[] = [];
    for (;;) {
      const { finished } = await runJobStep(job.jobId, { maxBatches: 1, batchSize: 2 });
      const stored = (await jobRepository.get(job.jobId))!;
      progress.push(stored.done);
      if (finished) break;
      expect(stored.status).toBe('running');
      // It keeps the sync lock between its steps.
      expect((await syncRepository.getLock())?.runId).toBe(`job-${job.jobId}`);
    }

    const done = (await jobRepository.get(job.jobId))!;
    expect(done).toMatchObject({ status: 'succeeded', done: done.total });
    expect(done.total).toBe((await accountRepository.listAll()).length);
    expect(progress[0]).toBe(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(2);
    expect(done.counts.updated).toBe(withProgram.length);
    expect(done.counts.updated + done.counts.assigned + done.counts.skipped).toBe(done.total);
    for (const account of withProgram) {
      const moved = (await accountRepository.get(account.accountId))!;
      expect(moved.program!.version).toBe(account.program!.version + 1);
    }
    // The lock is free once the job has ended.
    expect(await syncRepository.getLock()).toBeUndefined();
  });

  it('a program upgrade lists its accounts page by page and reaches every one of a program larger than a page, resuming after a stop', async () => {
    const accounts = await accountRepository.listAll();
    const counts = new Map<string, number>();
    for (const account of accounts) {
      const prefix = account.program?.prefix;
      if (prefix) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
    const [prefix, size] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(size).toBeGreaterThan(2);
    const current = (await programRepository.listCurrent()).find((p) => p.prefix === prefix)!;
    await programRepository.saveVersion({ ...current, version: current.version + 1 });
    const ofProgram = accounts
      .filter((account) => account.program?.prefix === prefix)
      .map((account) => account.accountId);

    // Pages of one account: the listing never holds more than one, and the whole table is not read.
    jobListing.pageSize = 1;
    const pages = jest.spyOn(accountRepository, 'attachmentPages');
    const listAll = jest.spyOn(accountRepository, 'listAll');
    try {
      const job = await startJob({
        kind: 'program-upgrade',
        subject: { prefix, programVersion: current.version + 1 },
        startedBy: 'staff@example.com',
      });
      // One batch, then the runner stops (its lease lapses): the job reads as failed, and resumes.
      await runJobStep(job.jobId, { maxBatches: 1, batchSize: 2 });
      const stopped = (await jobRepository.get(job.jobId))!;
      expect(stopped).toMatchObject({ status: 'running', done: 2, total: ofProgram.length });
      await putItem({ ...syncKeys.lock, runId: `job-${job.jobId}`, expiresAt: Date.now() - 1 });
      expect((await readJob(job.jobId, callers.admin)).body).toMatchObject({ status: 'failed' });
      await resumeJob((await jobRepository.get(job.jobId))!);
      await runJobInProcess(job.jobId);

      const finished = (await jobRepository.get(job.jobId))!;
      expect(finished).toMatchObject({ status: 'succeeded', done: ofProgram.length });
      expect(finished.counts.updated).toBe(ofProgram.length);
      expect(pages).toHaveBeenCalledWith(expect.objectContaining({ prefix, pageSize: 1 }));
      expect(listAll).not.toHaveBeenCalled();
      for (const accountId of ofProgram) {
        expect((await accountRepository.get(accountId))!.program!.version).toBe(
          current.version + 1,
        );
      }
    } finally {
      jobListing.pageSize = undefined;
      pages.mockRestore();
      listAll.mockRestore();
    }
  });

  it('Force All Update lists every account page by page, never the whole table at once', async () => {
    const total = (await accountRepository.listAll()).length;
    jobListing.pageSize = 2;
    const listAll = jest.spyOn(accountRepository, 'listAll');
    try {
      const job = await forceAll();
      await runJobInProcess(job.jobId);
      expect((await jobRepository.get(job.jobId))!).toMatchObject({
        status: 'succeeded',
        total,
        done: total,
      });
      expect(listAll).not.toHaveBeenCalled();
    } finally {
      jobListing.pageSize = undefined;
      listAll.mockRestore();
    }
  });

  it('a job that crashes part-way and is resumed ends as one that never stopped, no done account visited again', async () => {
    await bumpEveryProgram();
    const seeded = await scanAll();

    // Uninterrupted.
    const straight = await forceAll();
    await runJobInProcess(straight.jobId);
    expect((await jobRepository.get(straight.jobId))!.status).toBe('succeeded');
    const expected = await firmState();
    const expectedJob = (await jobRepository.get(straight.jobId))!;

    // The same firm again, the runner dying after its fourth account is stored.
    await tableOf(seeded);
    const stored: string[] = [];
    const replace = jest.spyOn(accountRepository, 'replace');
    const job = await forceAll();
    await expect(
      runJobStep(job.jobId, {
        batchSize: 3,
        afterAccountStored: (accountId) => {
          stored.push(accountId);
          if (stored.length === 4) throw new Error('The runner died');
        },
      }),
    ).rejects.toThrow('The runner died');
    const crashed = stored[3]!;
    // The first batch was committed; the crash left the second part-way.
    const stopped = (await jobRepository.get(job.jobId))!;
    expect(stopped).toMatchObject({ status: 'running', done: 3 });

    // Its lease expires; the job reads as failed and is resumed.
    await putItem({ ...syncKeys.lock, runId: `job-${job.jobId}`, expiresAt: Date.now() - 1 });
    const view = await readJob(job.jobId, callers.admin);
    expect(view.body).toMatchObject({ status: 'failed', done: 3 });
    const resumed = (await resumeJob((await jobRepository.get(job.jobId))!))!;
    expect(resumed.status).toBe('running');
    const visitedAfter: string[] = [];
    await runJobStep(job.jobId, {
      afterAccountStored: (accountId) => {
        visitedAfter.push(accountId);
      },
    });

    const finished = (await jobRepository.get(job.jobId))!;
    expect(finished.status).toBe('succeeded');
    expect(finished.counts).toEqual(expectedJob.counts);
    expect(finished.done).toBe(expectedJob.total);
    // The accounts marked done before the crash were not visited again; the one that died before
    // being marked was, from the same input.
    const doneBefore = stored.filter((accountId) => accountId !== crashed);
    for (const accountId of doneBefore) expect(visitedAfter).not.toContain(accountId);
    expect(visitedAfter).toContain(crashed);
    const replacedTimes = new Map<string, number>();
    for (const [account] of replace.mock.calls) {
      const id = (account as StoredAccount).accountId;
      replacedTimes.set(id, (replacedTimes.get(id) ?? 0) + 1);
    }
    for (const [accountId, times] of replacedTimes) {
      expect([accountId, times]).toEqual([accountId, accountId === crashed ? 2 : 1]);
    }
    replace.mockRestore();

    expect(await firmState()).toEqual(expected);
  });

  it('the route answers 202 with the job at once; a second start while one runs is a 409', async () => {
    await bumpEveryProgram();
    const started = Date.now();
    const answer = await startForceAll(callers.admin);
    expect(answer.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.body).toMatchObject({ kind: 'force-program-update', status: 'queued', done: 0 });
    // Nothing was judged in the request.
    const untouched = (await accountRepository.listAll()).filter(
      (account: StoredAccount) => account.program,
    );
    const current = new Map(
      (await programRepository.listCurrent()).map((program) => [program.prefix, program.version]),
    );
    for (const account of untouched) {
      expect(account.program!.version).toBeLessThan(current.get(account.program!.prefix)!);
    }
    const again = await startForceAll(callers.admin);
    expect(again.status).toBe(409);

    // Traders may neither start a job nor read one.
    const asTrader = await startForceAll(callers.owner);
    expect(asTrader.status).toBe(403);
    const readByTrader = await readJob(answer.body.jobId, callers.owner);
    expect(readByTrader.status).toBe(403);
    const unknown = await readJob('no-such-job', callers.admin);
    expect(unknown.status).toBe(404);
  });
});
