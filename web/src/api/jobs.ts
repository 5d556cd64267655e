import { jobFinished, jobSchema, type Job } from '@shared/jobs/job';
import { jobViewSchema, type JobView } from '@shared/jobs/job-view';
import type { ProgramUpgradeResult } from '@shared/programs/program-impact';
import { toaster } from '@/components/ui/toaster';
import { apiClient } from '@/lib/api-client';

/**
 * Background jobs (docs/api.md "Jobs"): a program's force update or revert, Force All Update, an
 * account's force update and a date's void answer 202 with a job; the screens follow it here until it
 * ends, showing how far it is, then show what it did.
 */

/** How often a running job is asked how far it is. */
export const JOB_POLL_MS = 1_000;

/** A job that stopped before it finished: its message says so, and the job can be resumed. */
export class JobFailedError extends Error {
  constructor(readonly job: JobView) {
    super(job.error ?? 'The job stopped before it finished');
    this.name = 'JobFailedError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `GET /api/jobs/{jobId}`: the job and the first page of the accounts it changed. */
export function fetchJob(jobId: string, cursor?: string): Promise<JobView> {
  return apiClient.get('/api/jobs/{jobId}', {
    schema: jobViewSchema,
    params: { jobId },
    ...(cursor && { query: { cursor } }),
  });
}

/**
 * Follows a job until it ends, telling `onProgress` each answer; answers the ended job with every
 * account it changed (all pages), or throws {@link JobFailedError} when it stopped.
 */
export async function untilJobEnds(
  jobId: string,
  onProgress: (job: JobView) => void = () => undefined,
): Promise<JobView> {
  let job = await fetchJob(jobId);
  while (!jobFinished(job)) {
    onProgress(job);
    await sleep(JOB_POLL_MS);
    job = await fetchJob(jobId);
  }
  if (job.status === 'failed') throw new JobFailedError(job);
  const changes = [...job.changes];
  for (let cursor = job.changesCursor; cursor;) {
    const next = await fetchJob(jobId, cursor);
    changes.push(...next.changes);
    cursor = next.changesCursor;
  }
  return { ...job, changes };
}

/** `POST /api/jobs/{jobId}/resume`: a stopped job continues where it stopped. */
export function resumeJob(jobId: string): Promise<Job> {
  return apiClient.post('/api/jobs/{jobId}/resume', { schema: jobSchema, params: { jobId } });
}

/** `Re-judging accounts: 12 of 40`: how far a job is, in words. */
export function jobProgressText(job: Pick<Job, 'status' | 'done' | 'total'>): string {
  return job.status === 'queued'
    ? 'Listing the accounts...'
    : `Re-judging accounts: ${job.done} of ${job.total}`;
}

/**
 * Follows a job with a toast that shows how far it is (titled `title`), closed when the job ends.
 * Answers the ended job as {@link untilJobEnds} does.
 */
export async function followJob(job: Pick<Job, 'jobId'>, title: string): Promise<JobView> {
  const id = `job-${job.jobId}`;
  let shown = false;
  try {
    return await untilJobEnds(job.jobId, (progress) => {
      const options = { id, type: 'loading', title, description: jobProgressText(progress) };
      if (shown) toaster.update(id, options);
      else toaster.create(options);
      shown = true;
    });
  } finally {
    if (shown) toaster.dismiss(id);
  }
}

/** A program's upgrade job, once ended, as the upgrade's result the programs screens show. */
export function upgradeResultOf(job: JobView): ProgramUpgradeResult {
  return {
    updated: job.counts.updated,
    errors: job.counts.errors,
    programVersion: job.subject.programVersion ?? 0,
    changes: job.changes,
  };
}
