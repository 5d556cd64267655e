import * as z from 'zod';
import { countSchema, idSchema } from '../common/fields';

/**
 * A background job that re-judges accounts (docs/api.md "Jobs"): a program's force update or revert,
 * Force All Update, one account's force update, a date's void. The route that starts one answers 202
 * with the job as it starts; `GET /api/jobs/{jobId}` answers its progress and, once it has
 * succeeded, what it did.
 */

export const jobKindSchema = z.enum([
  'program-upgrade',
  'force-program-update',
  'account-upgrade',
  'date-void',
]);
export type JobKind = z.infer<typeof jobKindSchema>;

/** Queued until its accounts are listed; running while they are judged; then one of the two ends. */
export const jobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** What a job works on: the program and version, the account or the date. */
export const jobSubjectSchema = z.object({
  prefix: z.string().optional(),
  programVersion: z.number().int().positive().optional(),
  accountId: z.string().optional(),
  date: z.string().optional(),
});
export type JobSubject = z.infer<typeof jobSubjectSchema>;

/** How each account a job visited came out. */
export const jobCountsSchema = z.object({
  /** Moved to the program's current version and re-judged (or, for a void, re-judged without the date). */
  updated: countSchema,
  /** Had no program and got the one of its id's longest prefix. */
  assigned: countSchema,
  /** Up to date already, or no program matches. */
  skipped: countSchema,
  /** Its program is gone or has no phase for it, or the account was removed meanwhile. */
  errors: countSchema,
  /** Of the accounts judged again, those whose standing changed. */
  changed: countSchema,
});
export type JobCounts = z.infer<typeof jobCountsSchema>;

export const jobSchema = z.object({
  jobId: z.string(),
  kind: jobKindSchema,
  status: jobStatusSchema,
  subject: jobSubjectSchema,
  /** Accounts to visit (0 while queued) and visited so far. */
  total: countSchema,
  done: countSchema,
  counts: jobCountsSchema,
  startedAt: z.string(),
  startedBy: z.string(),
  finishedAt: z.string().optional(),
  /** Why a failed job stopped; `POST /api/jobs/{jobId}/resume` continues it where it stopped. */
  error: z.string().optional(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobPathSchema = z.object({ jobId: idSchema('jobId') });

/** A job's end: the status the screens stop polling at. */
export function jobFinished(job: Pick<Job, 'status'>): boolean {
  return job.status === 'succeeded' || job.status === 'failed';
}
