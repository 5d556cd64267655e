import type { AccountProgram } from '@shared/accounts/account';
import { readCounts, readIndexPage, type Counts, type IndexEntry } from './store';

/*
 * Which program versions accounts trade, kept with the accounts' other aggregates (each stored
 * account contributes them in `accountContribution`), so the program and rule screens count and list
 * a program's accounts without reading every account:
 *
 * - scope `programs`: field `<prefix>` = accounts attached to the program (any version). A field per
 *   prefix ever attached: the catalogue's size, not the firm's.
 * - scope `program#<prefix>`: field `v<version>` = accounts on that version. A field per version of
 *   one program ever traded, so a program's read stays small however many programs the firm has.
 * - list `programaccounts#<prefix>`: the program's accounts by id, `{ accountId, version }`.
 *
 * A read of a scope is one Query of its counter shards: O(1) in the accounts.
 */

/** The counter scope of every program's account count. */
export const PROGRAMS_SCOPE = 'programs';
/** The counter scope of one program's accounts by version. */
export const programScope = (prefix: string) => `program#${prefix}`;
/** The index list of one program's accounts. */
export const programAccountsList = (prefix: string) => `programaccounts#${prefix}`;

const VERSION_FIELD = 'v';

/** A row of a program's account list. */
export interface ProgramAccountRow extends Record<string, unknown> {
  accountId: string;
  version: number;
}

/** What an account attached to `program` contributes (nothing without a program). */
export function programContribution(
  accountId: string,
  program: Pick<AccountProgram, 'prefix' | 'version'> | undefined,
): { counters: Record<string, Counts>; index: IndexEntry[] } {
  if (!program) return { counters: {}, index: [] };
  const row: ProgramAccountRow = { accountId, version: program.version };
  return {
    counters: {
      [PROGRAMS_SCOPE]: { [program.prefix]: 1 },
      [programScope(program.prefix)]: { [`${VERSION_FIELD}${program.version}`]: 1 },
    },
    index: [{ list: programAccountsList(program.prefix), sk: accountId, row }],
  };
}

/** Accounts attached to each program, by prefix (programs no account trades are left out). */
export async function readProgramAccountCounts(): Promise<Map<string, number>> {
  const counts = await readCounts(PROGRAMS_SCOPE);
  return new Map(Object.entries(counts).filter(([, count]) => count > 0));
}

/** Accounts attached to a program (any version). */
export async function readProgramAccountCount(prefix: string): Promise<number> {
  return (await readCounts(PROGRAMS_SCOPE))[prefix] ?? 0;
}

/** A program's accounts by the version they trade (versions no account trades are left out). */
export async function readProgramVersionCounts(prefix: string): Promise<Map<number, number>> {
  const counts = await readCounts(programScope(prefix));
  const versions = new Map<number, number>();
  for (const [field, count] of Object.entries(counts))
    if (field.startsWith(VERSION_FIELD) && count > 0)
      versions.set(Number(field.slice(VERSION_FIELD.length)), count);
  return versions;
}

/** The accounts of a program, a page at a time in account id order. */
export async function* programAccountPages(
  prefix: string,
  pageSize: number,
): AsyncGenerator<ProgramAccountRow[]> {
  let cursor: string | undefined;
  do {
    const page = await readIndexPage<ProgramAccountRow>(
      programAccountsList(prefix),
      pageSize,
      cursor,
    );
    if (page.items.length > 0) yield page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/** A program version accounts trade, with how many. */
export interface VersionInUse {
  prefix: string;
  version: number;
  accounts: number;
}

/**
 * Every program version some account trades: the programs' counts, then each traded program's
 * versions (one small Query per program in use, however many accounts).
 */
export async function readVersionsInUse(): Promise<VersionInUse[]> {
  const prefixes = [...(await readProgramAccountCounts()).keys()];
  const perProgram = await Promise.all(
    prefixes.map(async (prefix) =>
      [...(await readProgramVersionCounts(prefix))].map(([version, accounts]) => ({
        prefix,
        version,
        accounts,
      })),
    ),
  );
  return perProgram.flat();
}
