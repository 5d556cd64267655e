/**
 * The key grammar of the single table (DESIGN §5; docs/data-model.md). Every key string is built here
 * and nowhere else, so the item layout can be read in one place.
 */

const VERSION_DIGITS = 6;

/** Versions sort as strings, so they are zero-padded. */
export function versionSortKey(version: number): string {
  return `VERSION#${String(version).padStart(VERSION_DIGITS, '0')}`;
}

export const programKeys = {
  /** The immutable item of one version of a program. */
  version: (prefix: string, version: number) => ({
    PK: `PROGRAM#${prefix}`,
    SK: versionSortKey(version),
  }),
  /** The pointer item: a copy of the current version. */
  current: (prefix: string) => ({ PK: `PROGRAM#${prefix}`, SK: 'CURRENT' }),
  /** Index attributes of the pointer item, so GSI1 lists every program's current version. */
  currentIndex: (prefix: string) => ({ GSI1PK: 'PROGRAMS', GSI1SK: `PROGRAM#${prefix}` }),
  /** GSI1 partition holding every program's CURRENT item. */
  listPartition: 'PROGRAMS',
} as const;

export const metaKeys = {
  /** Marks a first-run seeding step of the local stack as done. */
  seed: (name: string) => ({ PK: 'META', SK: `SEED#${name}` }),
} as const;
