/**
 * A background job that stopped part-way (its runner died, its step kept failing) can be continued
 * where it stopped (`POST /api/jobs/{jobId}/resume`): every screen that follows a job offers it the
 * same way, as a 'Resume' action on the toast that says the job stopped.
 */

/** The id of the stopped job `error` reports (`JobFailedError` of api/jobs.ts), else undefined. */
export function stoppedJobId(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== 'JobFailedError') return undefined;
  const job = (error as Error & { job?: { jobId?: unknown } }).job;
  return typeof job?.jobId === 'string' ? job.jobId : undefined;
}

/**
 * The toast options that offer to resume the job `error` reports as stopped (none for any other
 * error): spread into `toaster.create`. `resume` continues the job by its id.
 */
export function resumeAction(
  error: unknown,
  resume: (jobId: string) => void,
): { action?: { label: string; onClick: () => void } } {
  const jobId = stoppedJobId(error);
  return jobId === undefined ? {} : { action: { label: 'Resume', onClick: () => resume(jobId) } };
}
