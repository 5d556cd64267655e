import { accountPhaseOf } from '@shared/accounts/account';
import { currentPhaseOf } from '@shared/programs/current-phase';
import type { Program } from '@shared/programs/program';
import { readProgramVersionCounts } from '../aggregates/program-counts';
import type { BatchWriter } from '../db/batch-writer';
import { ConflictError, NotFoundError } from '../errors';
import type { JobWork } from '../jobs/job-work';
import { accountRepository, type StoredAccount } from '../repositories/account-repository';
import { performanceRepository } from '../repositories/performance-repository';
import { programRepository } from '../repositories/program-repository';
import { attachment, type Judge } from './judge';
import { loadJudge, rejudgeHistory } from './rejudge';

/**
 * The account moved to `program` (a newer version of its program, or a program it had none of). It
 * keeps its phase when the version still has it, else it starts at the program's current phase; an
 * explicit assignment stays explicit. Undefined when the program has no phase to place it in.
 */
export function attachToVersion(
  account: StoredAccount,
  program: Program,
  assignedExplicitly = account.program?.assignedExplicitly ?? false,
): StoredAccount | undefined {
  const phase =
    (account.program && currentPhaseOf(program, account.program)) ?? currentPhaseOf(program);
  const attached = attachment(program, assignedExplicitly, phase);
  if (!phase || !attached) return undefined;
  return { ...account, program: attached, type: program.type, phase: accountPhaseOf(phase.type) };
}

/**
 * How many accounts trade an older version than `version` of the program: the program's kept
 * counts by version (one small Query, however many accounts the firm has).
 */
export async function countOutdatedAccounts(prefix: string, version: number): Promise<number> {
  let outdated = 0;
  for (const [traded, accounts] of await readProgramVersionCounts(prefix))
    if (traded < version) outdated += accounts;
  return outdated;
}

/**
 * How many accounts a job's listing reads per query page (`ATTACHMENT_PAGE_SIZE`); tests set it
 * small to list a program larger than one page with few accounts.
 */
export const jobListing: { pageSize: number | undefined } = { pageSize: undefined };

/** The program an account moves to: its program's current version, or the program of its id. */
function targetOf(account: StoredAccount, judge: Judge): Program | undefined {
  return account.program
    ? judge.catalog.current.get(account.program.prefix)
    : judge.catalog.programForAccount(account.accountId);
}

/**
 * `PUT /api/accounts/{accountId}` `{forceProgramUpdate: true}` (spec 001 §7), checked before its job
 * starts: 404 for an unknown account; 409 when it has no program to move to.
 */
export async function assertUpgradable(accountId: string): Promise<void> {
  const [account, judge] = await Promise.all([accountRepository.get(accountId), loadJudge()]);
  if (!account) throw new NotFoundError(`Account ${accountId} not found`);
  const program = targetOf(account, judge);
  if (!program) {
    throw new ConflictError(
      account.program
        ? `Program ${account.program.prefix} of account ${accountId} no longer exists`
        : `No program matches account ${accountId}`,
    );
  }
  if (!attachToVersion(account, program, account.program ? undefined : false))
    throw new ConflictError(`Program ${program.prefix} has no phase to place the account in`);
}

/** Re-judges `next` from its first day; the writes go to `writer`, the account is answered. */
async function rejudged(next: StoredAccount, judge: Judge, writer: BatchWriter) {
  const history = await performanceRepository.listHistory(next.accountId);
  return rejudgeHistory(next, history, judge, writer);
}

/**
 * `POST /api/programs/{prefix}/force-update-accounts` (spec 001 §2.3) and a revert: every account on
 * an older version than the job's moves to it and is re-judged from its first day under it, so it
 * keeps its trading days, peak and violations. No phase to place it in: an error.
 */
export const programUpgradeWork: JobWork = {
  async *plan(job) {
    const { prefix = '', programVersion = 0 } = job.subject;
    // The accounts themselves, not the kept list of the program's accounts: a job that moves them
    // must find every one the table holds, even one stored whose count a crash left to the next
    // count. It reads a page at a time in the background, so reading every group costs read units,
    // never a request's time or a step's memory.
    const pages = accountRepository.attachmentPages({
      prefix,
      olderThan: programVersion,
      pageSize: jobListing.pageSize,
    });
    for await (const page of pages) yield page.map((attachment) => attachment.accountId);
  },
  async load(job) {
    const { prefix = '', programVersion = 0 } = job.subject;
    const [program, judge] = await Promise.all([
      programRepository.getVersion(prefix, programVersion),
      loadJudge(),
    ]);
    if (!program) throw new NotFoundError(`Program ${prefix} has no version ${programVersion}`);
    return { judge, program };
  },
  async visit({ judge, program }, _job, { before }, writer) {
    if (!program || (before.program?.version ?? 0) >= program.version)
      return { outcome: 'skipped' };
    if (before.program?.prefix !== program.prefix) return { outcome: 'skipped' };
    const next = attachToVersion(before, program);
    if (!next) return { outcome: 'errors' };
    return { outcome: 'updated', after: await rejudged(next, judge, writer) };
  },
};

/**
 * `POST /api/accounts/force-program-update` (spec 000 §2 'Force All Update'): every account moves to
 * the latest version of its program, and an account without one gets the program of its id's longest
 * prefix. Skipped: already up to date, or no program matches. Errors: the account's program no longer
 * exists or has no phase for it, or the account was removed meanwhile.
 */
export const forceProgramUpdateWork: JobWork = {
  async *plan() {
    const pages = accountRepository.attachmentPages({ pageSize: jobListing.pageSize });
    for await (const page of pages) yield page.map((account) => account.accountId);
  },
  async load() {
    return { judge: await loadJudge() };
  },
  async visit({ judge }, _job, { before }, writer) {
    if (before.program) {
      const program = judge.catalog.current.get(before.program.prefix);
      if (!program) return { outcome: 'errors' };
      if (before.program.version >= program.version) return { outcome: 'skipped' };
      const next = attachToVersion(before, program);
      if (!next) return { outcome: 'errors' };
      return { outcome: 'updated', after: await rejudged(next, judge, writer) };
    }
    const program = judge.catalog.programForAccount(before.accountId);
    const next = program && attachToVersion(before, program, false);
    if (!next) return { outcome: 'skipped' };
    return { outcome: 'assigned', after: await rejudged(next, judge, writer) };
  },
};

/**
 * `PUT /api/accounts/{accountId}` `{forceProgramUpdate: true}` (spec 001 §7): the account moves to its
 * program's current version (an account without a program gets the program of its id's longest
 * prefix) and is re-judged from its first day, even when it is on that version already.
 */
export const accountUpgradeWork: JobWork = {
  async plan(job) {
    return job.subject.accountId ? [[job.subject.accountId]] : [];
  },
  async load() {
    return { judge: await loadJudge() };
  },
  async visit({ judge }, _job, { before }, writer) {
    const program = targetOf(before, judge);
    const next = program && attachToVersion(before, program, before.program ? undefined : false);
    if (!next) return { outcome: 'errors' };
    return {
      outcome: before.program ? 'updated' : 'assigned',
      after: await rejudged(next, judge, writer),
    };
  },
};
