import { accountPhaseOf } from '@shared/accounts/account';
import { currentPhaseOf } from '@shared/programs/current-phase';
import type { Program } from '@shared/programs/program';
import type { AccountStatusChange, ProgramUpgradeResult } from '@shared/programs/program-impact';
import { ConflictError, NotFoundError } from '../errors';
import { accountRepository, type StoredAccount } from '../repositories/account-repository';
import { mapLimit } from '../map-limit';
import { programRepository } from '../repositories/program-repository';
import { RuleBook } from './rule-book';
import { attachment, Judge, ProgramCatalog } from './judge';
import { loadJudge, rejudgeAccount } from './rejudge';
import { withSyncLock } from './lock';
import { sortedChanges, statusChangeOf } from './status-change';

/** Accounts re-judged at once: enough to upgrade thousands inside API Gateway's 30 s. */
const WRITE_CONCURRENCY = 16;

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
 * Stores each upgraded account and re-judges it from its first day under its new version (one
 * function for every upgrade path, `rejudgeAccount`), so it keeps its trading days and peak. An
 * account removed meanwhile counts as an error. Answers the errors and the accounts whose standing
 * changed (`statusChangeOf`, the comparison the impact preview makes), by account id.
 */
async function writeAll(
  accounts: readonly { before: StoredAccount; next: StoredAccount }[],
  judge: Judge,
): Promise<{ errors: number; changes: AccountStatusChange[] }> {
  let errors = 0;
  const changes: AccountStatusChange[] = [];
  await mapLimit(accounts, WRITE_CONCURRENCY, async ({ before, next }) => {
    try {
      const { account } = await rejudgeAccount(next, judge);
      const change = statusChangeOf(before, account);
      if (change) changes.push(change);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      errors += 1;
    }
  });
  return { errors, changes: sortedChanges(changes) };
}

/** The accounts of a program that trade a version older than `version`: what an upgrade moves. */
export function outdatedAccountsOf(
  accounts: readonly StoredAccount[],
  version: number,
): StoredAccount[] {
  return accounts.filter((account) => (account.program?.version ?? 0) < version);
}

export type { ProgramUpgradeResult };

/**
 * `POST /api/programs/{prefix}/force-update-accounts` (spec 001 §2.3): every account on an older
 * version of the program moves to the current one and is re-judged from its first day under it.
 */
export async function upgradeProgramAccounts(prefix: string): Promise<ProgramUpgradeResult> {
  return withSyncLock('program-upgrade', async () => {
    const [program, judge] = await Promise.all([programRepository.getCurrent(prefix), loadJudge()]);
    if (!program) throw new NotFoundError(`Program ${prefix} not found`);
    const outdated = outdatedAccountsOf(
      await accountRepository.listByProgram(prefix),
      program.version,
    );
    const upgraded: { before: StoredAccount; next: StoredAccount }[] = [];
    let errors = 0;
    for (const before of outdated) {
      const next = attachToVersion(before, program);
      if (next) upgraded.push({ before, next });
      else errors += 1;
    }
    const written = await writeAll(upgraded, judge);
    return {
      updated: upgraded.length - written.errors,
      errors: errors + written.errors,
      programVersion: program.version,
      changes: written.changes,
    };
  });
}

export interface ForceProgramUpdateCounts {
  updated: number;
  assigned: number;
  errors: number;
  skipped: number;
  total: number;
}

/**
 * `POST /api/accounts/force-program-update` (spec 000 §2 'Force All Update'): every account moves to
 * the latest version of its program, and an account without one gets the program of its id's longest
 * prefix. Skipped: already up to date, or no program matches. Errors: the account's program no longer
 * exists or has no phase, or the write failed.
 */
export async function forceProgramUpdate(): Promise<ForceProgramUpdateCounts> {
  return withSyncLock('program-upgrade', async () => {
    const [catalog, rules, accounts] = await Promise.all([
      ProgramCatalog.load(),
      RuleBook.load(),
      accountRepository.listAll(),
    ]);
    const judge = new Judge(catalog, rules);
    const counts = { updated: 0, assigned: 0, errors: 0, skipped: 0, total: accounts.length };
    const updated: { before: StoredAccount; next: StoredAccount }[] = [];
    const assigned: { before: StoredAccount; next: StoredAccount }[] = [];
    for (const account of accounts) {
      if (account.program) {
        const program = catalog.current.get(account.program.prefix);
        if (!program) counts.errors += 1;
        else if (account.program.version >= program.version) counts.skipped += 1;
        else {
          const next = attachToVersion(account, program);
          if (next) updated.push({ before: account, next });
          else counts.errors += 1;
        }
        continue;
      }
      const program = catalog.programForAccount(account.accountId);
      const next = program && attachToVersion(account, program, false);
      if (next) assigned.push({ before: account, next });
      else counts.skipped += 1;
    }
    const updateErrors = (await writeAll(updated, judge)).errors;
    const assignErrors = (await writeAll(assigned, judge)).errors;
    counts.updated = updated.length - updateErrors;
    counts.assigned = assigned.length - assignErrors;
    counts.errors += updateErrors + assignErrors;
    return counts;
  });
}

/** How many accounts trade an older version than `version` of the program. */
export async function countOutdatedAccounts(prefix: string, version: number): Promise<number> {
  const attachments = await accountRepository.listProgramAttachments();
  return attachments.filter(
    (attachment) => attachment.prefix === prefix && attachment.version < version,
  ).length;
}

/**
 * `PUT /api/accounts/{accountId}` `{forceProgramUpdate: true}` (spec 001 §7): the account moves to its
 * program's current version (an account without a program gets the program of its id's longest
 * prefix) and is re-judged from its first day. 404 for an unknown account; 409 when it has no
 * program to move to.
 */
export async function upgradeAccount(
  accountId: string,
): Promise<{ account: StoredAccount; days: number }> {
  return withSyncLock('program-upgrade', async () => {
    const [account, judge] = await Promise.all([accountRepository.get(accountId), loadJudge()]);
    if (!account) throw new NotFoundError(`Account ${accountId} not found`);
    const program = account.program
      ? judge.catalog.current.get(account.program.prefix)
      : judge.catalog.programForAccount(accountId);
    if (!program) {
      throw new ConflictError(
        account.program
          ? `Program ${account.program.prefix} of account ${accountId} no longer exists`
          : `No program matches account ${accountId}`,
      );
    }
    const next = attachToVersion(account, program, account.program ? undefined : false);
    if (!next)
      throw new ConflictError(`Program ${program.prefix} has no phase to place the account in`);
    return rejudgeAccount(next, judge);
  });
}
