import * as z from 'zod';
import { jobPathSchema } from '@shared/jobs/job';
import type { JobView } from '@shared/jobs/job-view';
import { boundedTextSchema, INPUT_LIMITS, queryParamSchema } from '@shared/common/fields';
import { jobsRoutes } from '@shared/api/routes/jobs';
import { ConflictError, NotFoundError } from '../lib/errors';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { JOB_FAILED_MESSAGE, resumeJob } from '../lib/jobs/job-runs';
import { jobAnswer, jobRepository, type StoredJob } from '../lib/jobs/job-repository';
import { failJob, jobLockHolder } from '../lib/jobs/run-job';
import { getRunLock } from '../lib/repositories/run-lock-repository';

/**
 * A job that runs holds the sync lock from its start to its end: one that does not (or whose lease
 * expired) stopped without saying so, its runner gone. Recorded as failed, so it can be resumed.
 */
async function reaped(job: StoredJob, now = Date.now()): Promise<StoredJob> {
  if (job.status !== 'queued' && job.status !== 'running') return job;
  const lock = await getRunLock();
  if (lock?.runId === jobLockHolder(job.jobId) && lock.expiresAt >= now) return job;
  await failJob(job.jobId, JOB_FAILED_MESSAGE);
  return (await jobRepository.get(job.jobId)) ?? job;
}

async function existingJob(jobId: string): Promise<StoredJob> {
  const job = await jobRepository.get(jobId);
  if (!job) throw new NotFoundError(`Job ${jobId} not found`);
  return job;
}

/** The jobs resource: a job's progress and result, and resuming one that stopped. */
export const handler = createHttpHandler(jobsRoutes, {
  'GET /api/jobs/{jobId}': route({
    params: jobPathSchema,
    query: z.object({
      cursor: queryParamSchema(boundedTextSchema('cursor', INPUT_LIMITS.token).optional()),
    }),
    async handle({ params, query }): Promise<JobView> {
      const job = await reaped(await existingJob(params.jobId));
      return { ...jobAnswer(job), ...(await jobRepository.changes(job.jobId, query.cursor)) };
    },
  }),

  'POST /api/jobs/{jobId}/resume': route({
    params: jobPathSchema,
    async handle({ params }): Promise<Reply> {
      const job = await reaped(await existingJob(params.jobId));
      if (job.status === 'succeeded') throw new ConflictError(`Job ${job.jobId} has finished`);
      if (job.status !== 'failed') throw new ConflictError(`Job ${job.jobId} is running`);
      const resumed = (await resumeJob(job)) ?? (await existingJob(job.jobId));
      return new Reply(202, jobAnswer(resumed));
    },
  }),
});
