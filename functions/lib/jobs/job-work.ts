import type { JobKind } from '@shared/jobs/job';
import type { Program } from '@shared/programs/program';
import type { BatchWriter } from '../db/batch-writer';
import type { Judge } from '../judging/judge';
import type { StoredAccount } from '../repositories/account-repository';
import type { AccountOutcome, StartedMarker, StoredJob } from './job-repository';

/**
 * What one kind of job does (functions/lib/jobs/run-job.ts runs them all the same way): which
 * accounts it visits, and what it does to each. A visit is all-or-nothing: what it writes goes to the
 * writer it is given (flushed before the account is stored), and it starts from the account as the
 * job first found it (`marker.before`), so a visit redone after a crash writes exactly what the first
 * one would have.
 */
/** What every visit of one step shares: the programs and rules to judge with. */
export interface JobContext {
  judge: Judge;
  /** The program version the job moves accounts to (a program's upgrade). */
  program?: Program;
}

export interface JobWork {
  /**
   * The accounts the job visits, in order, page by page: listed once, when the job leaves the queue,
   * each page stored as it comes (a whole table is never held).
   */
  plan(job: StoredJob): AsyncIterable<readonly string[]> | Promise<readonly string[][]>;
  load(job: StoredJob): Promise<JobContext>;
  /** Kept with the account before its visit: anything the visit must find again if it is redone. */
  prepare?(job: StoredJob, before: StoredAccount): Promise<Record<string, unknown> | undefined>;
  /**
   * One account: how it came out and, when it is to be stored, the account to store (the runner
   * stores it after flushing the writer, then marks the account done).
   */
  visit(
    context: JobContext,
    job: StoredJob,
    marker: StartedMarker,
    writer: BatchWriter,
  ): Promise<{ outcome: AccountOutcome; after?: StoredAccount }>;
  /** Once every account is done, before the job succeeds (idempotent: it may run again). */
  finish?(job: StoredJob): Promise<void>;
}

export type JobWorks = Record<JobKind, JobWork>;
