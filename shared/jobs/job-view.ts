import * as z from 'zod';
import { accountStatusChangeSchema } from '../programs/status-change';
import { jobSchema } from './job';

/** The most changed accounts one answer lists; the rest follow with `changesCursor`. */
export const JOB_CHANGES_PAGE = 200;

/** `GET /api/jobs/{jobId}`: the job, and a page of the accounts whose standing it changed, by id. */
export const jobViewSchema = jobSchema.extend({
  changes: z.array(accountStatusChangeSchema),
  changesCursor: z.string().optional(),
});
export type JobView = z.infer<typeof jobViewSchema>;
