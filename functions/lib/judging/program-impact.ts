import type { AccountStatusChange } from '@shared/programs/status-change';
import type { Program } from '@shared/programs/program';
import { mapLimit } from '../map-limit';
import { accountRepository } from '../repositories/account-repository';
import { performanceRepository } from '../repositories/performance-repository';
import { Judge, ProgramCatalog } from './judge';
import { attachToVersion, outdatedAccountsOf } from './program-upgrade';
import { DiscardingWriter, rejudgeHistory } from './rejudge';
import { RuleBook } from './rule-book';
import { sortedChanges, statusChangeOf } from './status-change';

/** Accounts re-judged at once by a preview: reads only, so as many as an upgrade writes. */
const PREVIEW_CONCURRENCY = 16;

export interface ProgramImpact {
  /** The accounts an upgrade to `program` would move. */
  total: number;
  /** Of those, the accounts with no phase to place them in under `program`. */
  errors: number;
  /** The accounts whose standing would change, by account id. */
  changes: AccountStatusChange[];
}

/**
 * The programs and rules as they are, with `program` (an unsaved version) as its prefix's current
 * version: the judge an upgrade to `program` would judge with, were it saved now.
 */
export async function judgeWith(program: Program): Promise<Judge> {
  const [catalog, rules] = await Promise.all([ProgramCatalog.load(), RuleBook.load()]);
  const current = new Map(catalog.current);
  current.set(program.prefix, program);
  return new Judge(new ProgramCatalog(current), rules);
}

/**
 * What upgrading the program's accounts to `program` would do, computed without writing anything:
 * the accounts an upgrade moves (`outdatedAccountsOf`), each attached as the upgrade attaches it
 * (`attachToVersion`) and its stored history judged again by the upgrade's own walk
 * (`rejudgeHistory`), whose writes are discarded; then the upgrade's comparison (`statusChangeOf`).
 * `onProgress` hears how many accounts are done after each.
 */
export async function programImpact(
  program: Program,
  onProgress: (judged: number, total: number) => Promise<void> | void = () => undefined,
): Promise<ProgramImpact> {
  const [judge, accounts] = await Promise.all([
    judgeWith(program),
    accountRepository.listByProgram(program.prefix),
  ]);
  const outdated = outdatedAccountsOf(accounts, program.version);
  const changes: AccountStatusChange[] = [];
  let errors = 0;
  let judged = 0;
  await mapLimit(outdated, PREVIEW_CONCURRENCY, async (before) => {
    const next = attachToVersion(before, program);
    if (!next) errors += 1;
    else {
      const history = await performanceRepository.listHistory(before.accountId);
      const after = await rejudgeHistory(next, history, judge, new DiscardingWriter());
      const change = statusChangeOf(before, after);
      if (change) changes.push(change);
    }
    judged += 1;
    await onProgress(judged, outdated.length);
  });
  return { total: outdated.length, errors, changes: sortedChanges(changes) };
}
