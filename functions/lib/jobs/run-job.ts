import type { JobKind } from '@shared/jobs/job';
import type { NotificationEventInput } from '@shared/notifications/events';
import { BatchWriter } from '../db/batch-writer';
import { NotFoundError } from '../errors';
import { holdLease, releaseLease, renewLease, withHeartbeat } from '../judging/lock';
import {
  accountUpgradeWork,
  forceProgramUpdateWork,
  programUpgradeWork,
} from '../judging/program-upgrade';
import { statusChangeOf } from '../judging/status-change';
import { logger } from '../logger';
import { mapLimit } from '../map-limit';
import { emitEvent } from '../notifications/outbox';
import { accountRepository } from '../repositories/account-repository';
import { dateVoidWork } from './date-void';
import {
  emptyCounts,
  jobRepository,
  type DoneMarker,
  type StartedMarker,
  type StoredJob,
} from './job-repository';
import type { JobContext, JobWork } from './job-work';

/*
 * How every background job runs (docs/api.md "Jobs"): in steps, each of which holds the sync lock
 * (the job keeps it from its start to its end, renewing it within and between steps), lists the
 * job's accounts if they are not yet, then visits them batch by batch until the job is done or the
 * step's time is up. In AWS each step is one invocation of the jobs workflow function, looped by the
 * jobs workflow (infra/api-stack.ts), so no invocation nears Lambda's 15 minutes however many
 * accounts there are; locally the steps run one after the other in the background of the process.
 *
 * Each account is all-or-nothing: its marker first keeps the account as the job found it, the visit
 * judges from that and writes its days, the account is stored, and only then is it marked done. A
 * step that dies part-way leaves some accounts started, not done: the next step (a retry, or
 * `POST /api/jobs/{jobId}/resume`) visits them again from the very same input, which writes the very
 * same items, and never visits a done account again. The cursor and the counts move once per batch,
 * conditionally on the cursor, so a batch committed twice counts once.
 */

/** Accounts visited per batch: the job's progress moves a batch at a time. */
export const JOB_BATCH = 16;
/** Accounts of a batch visited at once. */
const VISIT_CONCURRENCY = 8;

export const jobWorks: Record<JobKind, JobWork> = {
  'program-upgrade': programUpgradeWork,
  'force-program-update': forceProgramUpdateWork,
  'account-upgrade': accountUpgradeWork,
  'date-void': dateVoidWork,
};

/** Who holds the sync lock while a job runs. */
export const jobLockHolder = (jobId: string) => `job-${jobId}`;

export interface JobStepOptions {
  /** Epoch ms after which no new batch starts (the invocation's time, less a margin). */
  deadline?: number;
  /** The most batches this step works through (tests step a job batch by batch). */
  maxBatches?: number;
  /** Accounts per batch (default {@link JOB_BATCH}). */
  batchSize?: number;
  /** Called after an account's writes are stored and before it is marked done (tests crash here). */
  afterAccountStored?: (accountId: string) => void | Promise<void>;
}

/**
 * One step of a job: answers whether the job has ended. A step of a job that has ended does nothing;
 * one that cannot take the sync lock (a sync runs) throws the 409, to be tried again later.
 */
export async function runJobStep(
  jobId: string,
  options: JobStepOptions = {},
): Promise<{ finished: boolean }> {
  const first = await jobRepository.get(jobId);
  if (!first || first.status === 'succeeded' || first.status === 'failed')
    return { finished: true };
  const holder = jobLockHolder(jobId);
  await holdLease(holder);
  const finished = await withHeartbeat(
    () => renewLease(holder),
    async (check) => {
      let job = first;
      const work = jobWorks[job.kind];
      if (job.status === 'queued') {
        await jobRepository.plan(jobId, await work.plan(job));
        job = await current(jobId);
      }
      const context = await work.load(job);
      for (let batches = 0; job.cursor < job.total; batches += 1) {
        if (options.deadline !== undefined && Date.now() >= options.deadline) return false;
        if (options.maxBatches !== undefined && batches >= options.maxBatches) return false;
        const ids = await jobRepository.idsFrom(
          jobId,
          job.cursor,
          Math.min(options.batchSize ?? JOB_BATCH, job.total - job.cursor),
        );
        const markers = await visitAll(work, context, job, ids, options, check);
        check();
        await jobRepository.commitBatch(
          jobId,
          job.cursor,
          job.cursor + ids.length,
          countsOf(markers),
        );
        job = await current(jobId);
        if (job.status !== 'running') return true;
      }
      await work.finish?.(job);
      await jobRepository.finish(jobId, 'succeeded', new Date().toISOString());
      logger.info('job succeeded', { jobId, kind: job.kind, total: job.total });
      return true;
    },
  );
  if (finished) await releaseLease(holder);
  return { finished };
}

async function current(jobId: string): Promise<StoredJob> {
  const job = await jobRepository.get(jobId);
  if (!job) throw new NotFoundError(`Job ${jobId} not found`);
  return job;
}

async function visitAll(
  work: JobWork,
  context: JobContext,
  job: StoredJob,
  ids: readonly string[],
  options: JobStepOptions,
  check: () => void,
): Promise<DoneMarker[]> {
  const done: DoneMarker[] = [];
  await mapLimit(ids, VISIT_CONCURRENCY, async (accountId) => {
    check();
    done.push(await visitOnce(work, context, job, accountId, options));
  });
  return done;
}

/** One account, all-or-nothing; a done account answers its marker without being visited again. */
async function visitOnce(
  work: JobWork,
  context: JobContext,
  job: StoredJob,
  accountId: string,
  options: JobStepOptions,
): Promise<DoneMarker> {
  const marker = await jobRepository.getMarker(job.jobId, accountId);
  if (marker?.state === 'done') return marker;
  let started: StartedMarker;
  if (marker) started = marker;
  else {
    const before = await accountRepository.get(accountId);
    if (!before) return markDone(job, { state: 'done', accountId, outcome: 'errors' });
    const prepared = await work.prepare?.(job, before);
    started = { state: 'started', accountId, before, ...(prepared && { prepared }) };
    await jobRepository.saveMarker(job.jobId, started);
  }
  // The events the visit announces are told once the account is stored, not before.
  const events: NotificationEventInput[] = [];
  const writer = new BatchWriter({
    emit: (event) => {
      events.push(event);
      return Promise.resolve();
    },
  });
  const { outcome, after } = await work.visit(context, job, started, writer);
  let done: DoneMarker = { state: 'done', accountId, outcome };
  if (after) {
    await writer.flush();
    try {
      const stored = await accountRepository.replace(after);
      const change = statusChangeOf(started.before, stored);
      if (change) done = { ...done, change };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      // Removed meanwhile: counted as an error, as the upgrade always has.
      done = { state: 'done', accountId, outcome: 'errors' };
    }
  }
  // Told before the account is marked done: a visit redone tells them again, and each is emitted
  // once per cause (the outbox), so none is lost and none is told twice.
  for (const event of events) await emitEvent(event);
  await options.afterAccountStored?.(accountId);
  return markDone(job, done);
}

async function markDone(job: StoredJob, done: DoneMarker): Promise<DoneMarker> {
  await jobRepository.saveMarker(job.jobId, done);
  return done;
}

function countsOf(markers: readonly DoneMarker[]) {
  const counts = emptyCounts();
  for (const marker of markers) {
    counts[marker.outcome] += 1;
    if (marker.change) counts.changed += 1;
  }
  return counts;
}

/** A job that cannot go on (its step kept failing): recorded as failed, and the sync lock freed. */
export async function failJob(jobId: string, error: string): Promise<void> {
  await jobRepository.finish(jobId, 'failed', new Date().toISOString(), error);
  await releaseLease(jobLockHolder(jobId));
}
