import { programSchema, type Program } from '@shared/programs/program';
import { programKeys, withoutKeys } from '../db/keys';
import { deleteExisting, getItem, putIf, putNew, queryAll, type Item } from '../db/table';
import { newestVersionItem, putVersionOnce, versionHistory } from '../db/versions';
import { ConflictError, NotFoundError } from '../errors';

const parseProgram = (item: Item) => programSchema.parse(withoutKeys(item));

function versionItem(program: Program): Item {
  return { ...program, ...programKeys.version(program.prefix, program.version) };
}

function currentItem(program: Program): Item {
  return {
    ...program,
    ...programKeys.current(program.prefix),
    ...programKeys.currentIndex(program.prefix),
  };
}

const versionsOf = (prefix: string) => ({
  pk: programKeys.current(prefix).PK,
  versionPrefix: programKeys.versionPrefix,
});

async function latestVersion(prefix: string): Promise<Program | undefined> {
  const item = await newestVersionItem(versionsOf(prefix));
  return item ? parseProgram(item) : undefined;
}

/** The 409 of a save whose version is not the current one plus 1 (decision 16). */
export const STALE_PROGRAM_MESSAGE =
  'The program was changed by someone else — reload to see the latest version';

/**
 * Programs are versioned (DESIGN §5): each version is an immutable item, and a CURRENT item holds a copy
 * of the version in force. Listing reads the CURRENT items through GSI1, so it never scans. Without
 * transactions, creating writes the first version and then CURRENT; saving moves CURRENT by a
 * conditional put (only one of two editors of the same version wins) and then writes the version
 * item, which the next save (or a read of that version) repairs if a crash lost it.
 */
export const programRepository = {
  /** Access pattern "programs, current versions": Query GSI1 where GSI1PK = PROGRAMS. */
  async listCurrent(): Promise<Program[]> {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': programKeys.listPartition },
    });
    return items.map(parseProgram);
  },

  /** Access pattern "one program": Get PK = PROGRAM#<prefix>, SK = CURRENT. */
  async getCurrent(prefix: string): Promise<Program | undefined> {
    const item = await getItem(programKeys.current(prefix));
    return item ? parseProgram(item) : undefined;
  },

  /**
   * Access pattern "one version of a program": Get `PROGRAM#<prefix> / VERSION#<n>`; the CURRENT copy
   * answers for its own version if a crash lost that version's item.
   */
  async getVersion(prefix: string, version: number): Promise<Program | undefined> {
    const item = await getItem(programKeys.version(prefix, version));
    if (item) return parseProgram(item);
    const current = await programRepository.getCurrent(prefix);
    return current?.version === version ? current : undefined;
  },

  /**
   * Access pattern "a program's history": Query `SK begins_with VERSION#`, oldest first, with the
   * CURRENT copy standing in for its version if that item was lost.
   */
  async listVersions(prefix: string): Promise<Program[]> {
    return versionHistory(
      versionsOf(prefix),
      parseProgram,
      (program) => program.version,
      programRepository.getCurrent(prefix),
    );
  },

  /**
   * Creates a program (409 when the prefix is in use). A prefix deleted before starts after its last
   * version, so history is never overwritten; a retry after a lost pointer write does the same.
   */
  async create(program: Program): Promise<Program> {
    const conflict = `A program with prefix ${program.prefix} already exists`;
    if (await programRepository.getCurrent(program.prefix)) throw new ConflictError(conflict);
    const previous = await latestVersion(program.prefix);
    const valid = programSchema.parse({ ...program, version: (previous?.version ?? 0) + 1 });
    await putNew(versionItem(valid), conflict);
    await putNew(currentItem(valid), conflict);
    return valid;
  },

  /**
   * Saves `program` as version `program.version`, which must be the current version plus 1 (the
   * editor loaded the current one and raised it): anything else is a stale editor, a 409 that changes
   * nothing. Of two editors saving the same version, the conditional move of CURRENT lets one win.
   */
  async saveVersion(program: Program): Promise<Program> {
    const next = programSchema.parse(program);
    const loaded = next.version - 1;
    const current = await programRepository.getCurrent(next.prefix);
    if (!current) throw new NotFoundError(`Program ${next.prefix} not found`);
    if (current.version !== loaded) throw new ConflictError(STALE_PROGRAM_MESSAGE);
    await putVersionOnce(versionItem(current));
    await putIf(
      currentItem(next),
      'attribute_exists(PK) AND version = :loaded',
      { ':loaded': loaded },
      STALE_PROGRAM_MESSAGE,
    );
    await putVersionOnce(versionItem(next));
    return next;
  },

  /** Removes the program from the lists; its versions stay as history. */
  async delete(prefix: string): Promise<void> {
    await deleteExisting(programKeys.current(prefix), `Program ${prefix} not found`);
  },
};
