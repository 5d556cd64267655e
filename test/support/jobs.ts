import type { JobView } from '@shared/jobs/job-view';
import { jobFinished } from '@shared/jobs/job';
import { jobRepository } from '../../functions/lib/jobs/job-repository';
import { handler as jobsHandler } from '../../functions/jobs/handler';
import { runJobsWorkflowInProcess } from '../../functions/jobs/workflow';
import { callers } from './callers';
import { httpEvent, invoke } from './http-events';

/** The jobs the routes start run in this process's background, as on the local stack. */
export function runJobsInTests(): void {
  beforeAll(() => runJobsWorkflowInProcess());
}

/** Waits until the job has ended, then answers it as `GET /api/jobs/{jobId}` does. */
export async function finishedJob(jobId: string, timeoutMs = 60_000): Promise<JobView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobRepository.get(jobId);
    if (job && jobFinished(job)) break;
    if (Date.now() > until) throw new Error(`Job ${jobId} did not finish in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const answer = await invoke(
    jobsHandler,
    httpEvent(
      { method: 'GET', path: '/api/jobs/{jobId}' },
      { pathParameters: { jobId }, claims: callers.admin },
    ),
  );
  return answer.body as JobView;
}

/** A route's 202 answer carrying a job (`{ jobId }`, or `{ job: { jobId } }` for a revert): the job once ended. */
export async function settled(answer: {
  status?: number;
  body: { jobId?: string; job?: { jobId: string } };
}): Promise<JobView> {
  const jobId = answer.body.jobId ?? answer.body.job?.jobId;
  if (!jobId) throw new Error(`No job in the answer ${JSON.stringify(answer.body)}`);
  return finishedJob(jobId);
}
