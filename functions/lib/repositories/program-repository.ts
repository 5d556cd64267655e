import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { programSchema, type Program } from '../../../shared/programs/program';
import { dynamoDocumentClient } from '../aws-clients';
import { programKeys, withoutKeys } from '../db/keys';
import {
  deleteExisting,
  getItem,
  putNew,
  queryAll,
  queryPage,
  tableName,
  type Item,
} from '../db/table';
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

async function latestVersion(prefix: string): Promise<Program | undefined> {
  const page = await queryPage(
    {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :version)',
      ExpressionAttributeValues: {
        ':pk': programKeys.current(prefix).PK,
        ':version': programKeys.versionPrefix,
      },
      ScanIndexForward: false,
    },
    1,
  );
  const [item] = page.items;
  return item ? parseProgram(item) : undefined;
}

/**
 * Programs are versioned (DESIGN §5): each version is an immutable item, and a CURRENT item holds a copy
 * of the version in force. Listing reads the CURRENT items through GSI1, so it never scans. Without
 * transactions, every change writes the new version first and then moves CURRENT conditionally, so a
 * failure between the two leaves history, never a pointer to nothing.
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

  /** Access pattern "one version of a program": Get `PROGRAM#<prefix> / VERSION#<n>`. */
  async getVersion(prefix: string, version: number): Promise<Program | undefined> {
    const item = await getItem(programKeys.version(prefix, version));
    return item ? parseProgram(item) : undefined;
  },

  /** Access pattern "a program's history": Query `SK begins_with VERSION#`, oldest first. */
  async listVersions(prefix: string): Promise<Program[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :version)',
      ExpressionAttributeValues: {
        ':pk': programKeys.current(prefix).PK,
        ':version': programKeys.versionPrefix,
      },
    });
    return items.map(parseProgram);
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
   * Saves a change as the next version of the one the editor loaded (`program.version`): a stale
   * editor, whose version is no longer current, gets 409 and changes nothing.
   */
  async saveVersion(program: Program): Promise<Program> {
    const loaded = program.version;
    const stale = `Program ${program.prefix} was changed by someone else: reload it and try again`;
    const current = await programRepository.getCurrent(program.prefix);
    if (!current) throw new NotFoundError(`Program ${program.prefix} not found`);
    if (current.version !== loaded) throw new ConflictError(stale);
    const next = programSchema.parse({ ...program, version: loaded + 1 });
    await putNew(versionItem(next), stale);
    try {
      await dynamoDocumentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: currentItem(next),
          ConditionExpression: 'version = :loaded',
          ExpressionAttributeValues: { ':loaded': loaded },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new ConflictError(stale);
      throw error;
    }
    return next;
  },

  /** Removes the program from the lists; its versions stay as history. */
  async delete(prefix: string): Promise<void> {
    await deleteExisting(programKeys.current(prefix), `Program ${prefix} not found`);
  },
};
