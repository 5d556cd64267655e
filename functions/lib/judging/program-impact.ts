import type { AccountStatusChange } from '@shared/programs/status-change';
import type { Program } from '@shared/programs/program';
import { programAccountPages } from '../aggregates/program-counts';
import { mapLimit } from '../map-limit';
import { accountRepository } from '../repositories/account-repository';
import { performanceRepository } from '../repositories/performance-repository';
import { Judge, ProgramCatalog } from './judge';
import { attachToVersion } from './program-upgrade';
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

/** Accounts a page of the program's kept account list holds. */
const LIST_PAGE_SIZE = 200;

/**
 * The ids of the program's accounts on a version older than `version`, from the kept list of its
 * accounts (O(its accounts), never the firm's: the preview's caller refused a program over its
 * bound by the kept count first).
 */
async function outdatedAccountIds(prefix: string, version: number): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of programAccountPages(prefix, LIST_PAGE_SIZE))
    for (const row of page) if (row.version < version) ids.push(row.accountId);
  return ids;
}

/**
 * What upgrading the program's accounts to `program` would do, computed without writing anything:
 * the accounts an upgrade moves (those on an older version, listed from the program's kept account
 * list and each read by key), each attached as the upgrade attaches it (`attachToVersion`) and its
 * stored history judged again by the upgrade's own walk (`rejudgeHistory`), whose writes are
 * discarded; then the upgrade's comparison (`statusChangeOf`).
 * `onProgress` hears how many accounts are done after each.
 */
export async function programImpact(
  program: Program,
  onProgress: (judged: number, total: number) => Promise<void> | void = () => undefined,
): Promise<ProgramImpact> {
  const [judge, outdated] = await Promise.all([
    judgeWith(program),
    outdatedAccountIds(program.prefix, program.version),
  ]);
  const changes: AccountStatusChange[] = [];
  let errors = 0;
  let judged = 0;
  await mapLimit(outdated, PREVIEW_CONCURRENCY, async (accountId) => {
    const before = await accountRepository.get(accountId);
    // One removed, or moved off the program or up to its version since it was listed: an upgrade
    // would not move it.
    if (before?.program?.prefix === program.prefix && before.program.version < program.version) {
      const next = attachToVersion(before, program);
      if (!next) errors += 1;
      else {
        const history = await performanceRepository.listHistory(accountId);
        const after = await rejudgeHistory(next, history, judge, new DiscardingWriter());
        const change = statusChangeOf(before, after);
        if (change) changes.push(change);
      }
    }
    judged += 1;
    await onProgress(judged, outdated.length);
  });
  return { total: outdated.length, errors, changes: sortedChanges(changes) };
}
