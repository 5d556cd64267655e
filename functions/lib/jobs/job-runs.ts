import { randomUUID } from 'node:crypto';
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { JobKind, JobSubject } from '@shared/jobs/job';
import type { Caller } from '../auth-context';
import { sfnClient } from '../aws/sfn';
import { acquireLease, releaseLease } from '../judging/lock';
import { logger } from '../logger';
import { emptyCounts, jobRepository, type StoredJob } from './job-repository';
import { failJob, jobLockHolder, runJobStep } from './run-job';

/**
 * How a job reaches what runs it, so the request that starts it answers at once (202): in AWS an
 * execution of the jobs workflow (infra/api-stack.ts), which loops the jobs workflow function's steps;
 * where there is none (the local stack, the tests) the background of this process, step after step.
 */

/** The environment variable with the jobs workflow's ARN, on every function that starts jobs. */
export const JOB_WORKFLOW_VARIABLE = 'JOB_STATE_MACHINE_ARN';

/** What the jobs workflow hands its function: one step of a job, or the job's failure. */
export interface JobStepEvent {
  kind: 'job-step';
  jobId: string;
}
export interface JobFailedEvent {
  kind: 'job-failed';
  jobId: string;
  error?: unknown;
}

export function isJobEvent(event: unknown): event is JobStepEvent | JobFailedEvent {
  const candidate = event as Partial<JobStepEvent | JobFailedEvent> | null;
  return (
    (candidate?.kind === 'job-step' || candidate?.kind === 'job-failed') &&
    typeof candidate.jobId === 'string'
  );
}

/** What a job that stopped says (the screens show it, with a way to resume). */
export const JOB_FAILED_MESSAGE = 'The job stopped before it finished: resume it to continue';

type InProcessRunner = (jobId: string) => Promise<unknown>;
let inProcessRunner: InProcessRunner | undefined;

/** Steps a job runs in, locally: long enough for any batch, short enough to free the event loop. */
const LOCAL_STEP_MS = 60_000;

/**
 * Runs a job's steps one after the other until it ends, as the workflow does in AWS; a step that
 * throws fails the job (resumable). The local stack and the tests run jobs this way.
 */
export async function runJobInProcess(jobId: string): Promise<void> {
  try {
    for (;;) {
      const { finished } = await runJobStep(jobId, { deadline: Date.now() + LOCAL_STEP_MS });
      if (finished) return;
    }
  } catch (error) {
    logger.error('job failed', { jobId, error });
    await failJob(jobId, JOB_FAILED_MESSAGE);
  }
}

/** Makes this process run the jobs it starts, where no workflow exists (no JOB_STATE_MACHINE_ARN). */
export function runDispatchedJobsInProcess(runner: InProcessRunner = runJobInProcess): void {
  inProcessRunner = runner;
}

/**
 * Hands a job to what runs it: an execution named after the job and its attempt (a repeated start
 * cannot run it twice), or the background of this process. A job that could not be handed over is
 * recorded as failed and its lock freed.
 */
export async function dispatchJob(job: Pick<StoredJob, 'jobId' | 'attempt'>): Promise<void> {
  const stateMachineArn = process.env[JOB_WORKFLOW_VARIABLE];
  if (!stateMachineArn && inProcessRunner) {
    void inProcessRunner(job.jobId);
    return;
  }
  try {
    if (!stateMachineArn) throw new Error(`No jobs workflow: ${JOB_WORKFLOW_VARIABLE} is not set`);
    const input: JobStepEvent = { kind: 'job-step', jobId: job.jobId };
    await sfnClient().send(
      new StartExecutionCommand({
        stateMachineArn,
        name: `${job.jobId}-${job.attempt}`,
        input: JSON.stringify(input),
      }),
    );
  } catch (error) {
    await failJob(job.jobId, 'The job could not be started');
    throw error;
  }
}

/** Who started a job, as the records of staff actions name them. */
export function startedByOf(caller: Caller | undefined): string {
  return caller?.email ?? caller?.userId ?? 'unknown';
}

export interface JobStart {
  kind: JobKind;
  subject: JobSubject;
  startedBy: string;
  params?: StoredJob['params'];
}

/**
 * Starts a job: takes the sync lock for it first (409 'A sync is already running' while a sync or
 * another job holds it, and then no job is made), records it queued, and hands it over. Answers the
 * job as it starts.
 */
export async function startJob(start: JobStart, now = new Date()): Promise<StoredJob> {
  const jobId = randomUUID();
  await acquireLease(jobLockHolder(jobId), now.getTime());
  try {
    const job = await jobRepository.create({
      jobId,
      kind: start.kind,
      status: 'queued',
      subject: start.subject,
      total: 0,
      done: 0,
      counts: emptyCounts(),
      startedAt: now.toISOString(),
      startedBy: start.startedBy,
      params: start.params ?? {},
    });
    await dispatchJob(job);
    return job;
  } catch (error) {
    await releaseLease(jobLockHolder(jobId));
    throw error;
  }
}

/**
 * `POST /api/jobs/{jobId}/resume`: a job that stopped (failed, or whose runner died and let its lease
 * expire) continues from its cursor, holding the sync lock again (409 while another holds it).
 */
export async function resumeJob(job: StoredJob): Promise<StoredJob | undefined> {
  await acquireLease(jobLockHolder(job.jobId));
  const reopened = await jobRepository.reopen(job);
  if (!reopened) {
    await releaseLease(jobLockHolder(job.jobId));
    return undefined;
  }
  await dispatchJob(reopened);
  return reopened;
}
