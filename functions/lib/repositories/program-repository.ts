import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { programSchema, type Program } from '../../../shared/programs/program';
import { dynamoDocumentClient } from '../aws-clients';
import { programKeys } from '../db/keys';
import { putNew, queryAll, tableName } from '../db/table';

/**
 * Programs are versioned (DESIGN §5): each version is an immutable item, and a CURRENT item holds a copy
 * of the version in force. Listing reads the CURRENT items through GSI1, so it never scans.
 */
export const programRepository = {
  /** Access pattern "programs, current versions": Query GSI1 where GSI1PK = PROGRAMS. */
  async listCurrent(): Promise<Program[]> {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': programKeys.listPartition },
    });
    return items.map((item) => programSchema.parse(item));
  },

  /** Access pattern "one program": Get PK = PROGRAM#<prefix>, SK = CURRENT. */
  async getCurrent(prefix: string): Promise<Program | undefined> {
    const { Item } = await dynamoDocumentClient().send(
      new GetCommand({ TableName: tableName(), Key: programKeys.current(prefix) }),
    );
    return Item ? programSchema.parse(Item) : undefined;
  },

  /**
   * Creates a program at its first version. The version item goes first so a retry after a failure
   * between the two writes finds the version and completes the pointer.
   */
  async create(program: Program): Promise<Program> {
    const valid = programSchema.parse({ ...program, version: 1 });
    const conflict = `A program with prefix ${valid.prefix} already exists`;
    const existingVersion = await dynamoDocumentClient().send(
      new GetCommand({ TableName: tableName(), Key: programKeys.version(valid.prefix, 1) }),
    );
    if (!existingVersion.Item) {
      await putNew({ ...valid, ...programKeys.version(valid.prefix, 1) }, conflict);
    }
    await putNew(
      { ...valid, ...programKeys.current(valid.prefix), ...programKeys.currentIndex(valid.prefix) },
      conflict,
    );
    return valid;
  },
};
