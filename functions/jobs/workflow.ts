import { isJobEvent, runDispatchedJobsInProcess, JOB_FAILED_MESSAGE } from '../lib/jobs/job-runs';
import { failJob, runJobStep } from '../lib/jobs/run-job';
import { logger } from '../lib/logger';

/** Time an invocation leaves itself after its last batch starts: a batch of year-old accounts. */
const STEP_MARGIN_MS = 4 * 60_000;

interface LambdaContext {
  getRemainingTimeInMillis(): number;
}

/**
 * The jobs workflow function (infra/api-stack.ts): one step of a job, its batches until the job
 * ends or the invocation's time is nearly up, answering whether the workflow should loop; or, once
 * a step kept failing, the job's failure (its lock freed, resumable). The HTTP routes are
 * handler.ts, a function of their own.
 */
export async function handler(
  event: unknown,
  context?: LambdaContext,
): Promise<{ jobId: string; finished: boolean }> {
  if (!isJobEvent(event)) throw new Error('The jobs workflow function takes job steps only');
  if (event.kind === 'job-failed') {
    logger.error('job failed', { jobId: event.jobId, error: event.error });
    await failJob(event.jobId, JOB_FAILED_MESSAGE);
    return { jobId: event.jobId, finished: true };
  }
  const remaining = context?.getRemainingTimeInMillis() ?? 15 * 60_000;
  const { finished } = await runJobStep(event.jobId, {
    deadline: Date.now() + Math.max(remaining - STEP_MARGIN_MS, 0),
  });
  return { jobId: event.jobId, finished };
}

/**
 * Where there is no workflow (the local stack, the tests), the jobs this process starts run here, in
 * its background, step after step, as the workflow runs them in AWS.
 */
export function runJobsWorkflowInProcess(): void {
  runDispatchedJobsInProcess();
}
