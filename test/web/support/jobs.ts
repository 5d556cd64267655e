import type { Job, JobCounts, JobKind, JobSubject } from '@shared/jobs/job';
import { jsonResponse } from './fetch-mock';

/** The id every job of these fixtures has. */
export const JOB_ID = 'job-1';

/** A job as a route's 202 answers it (queued), or at a later status. */
export function jobJson(
  kind: JobKind,
  extra: Partial<Omit<Job, 'counts'>> & { counts?: Partial<JobCounts>; subject?: JobSubject } = {},
): Job {
  return {
    jobId: JOB_ID,
    kind,
    status: 'queued',
    total: 0,
    done: 0,
    startedAt: '2026-11-26T10:00:00.000Z',
    startedBy: 'admin@example.com',
    ...extra,
    subject: extra.subject ?? {},
    counts: { updated: 0, assigned: 0, skipped: 0, errors: 0, changed: 0, ...extra.counts },
  };
}

/**
 * The route that starts a job (202, queued) and `GET /api/jobs/job-1`: once running half-way, then
 * ended as `ended` says (succeeded unless it names another status), with `changes`.
 */
export function jobRoutes(
  start: string,
  kind: JobKind,
  ended: Parameters<typeof jobJson>[1] & { changes?: readonly unknown[] },
  startBody: (job: Job) => unknown = (job) => job,
) {
  const { changes = [], ...rest } = ended;
  const final = { ...jobJson(kind, { status: 'succeeded', ...rest }), changes };
  let polls = 0;
  return {
    [start]: () => jsonResponse(startBody(jobJson(kind, { subject: rest.subject })), 202),
    [`GET /api/jobs/${JOB_ID}`]: () => {
      polls += 1;
      return jsonResponse(
        polls === 1
          ? {
              ...jobJson(kind, {
                status: 'running',
                subject: rest.subject,
                total: final.total,
                done: Math.floor(final.total / 2),
              }),
              changes: [],
            }
          : final,
      );
    },
  };
}
