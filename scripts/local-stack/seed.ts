import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../functions/lib/aws-clients';
import { metaKeys } from '../../functions/lib/db/keys';
import { tableName } from '../../functions/lib/db/table';
import { ConflictError } from '../../functions/lib/errors';
import { programRepository } from '../../functions/lib/repositories/program-repository';
import type { Program } from '../../shared/programs/program';

/**
 * Runs a first-run seeding step once per data folder. The marker is written after the step, so a run
 * cut short seeds again next start; steps are idempotent for that reason.
 */
export async function seedOnce(name: string, step: () => Promise<void>): Promise<boolean> {
  const key = metaKeys.seed(name);
  const { Item } = await dynamoDocumentClient().send(
    new GetCommand({ TableName: tableName(), Key: key }),
  );
  if (Item) return false;
  await step();
  await dynamoDocumentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key, seededAt: new Date().toISOString() },
    }),
  );
  return true;
}

/** Creates the programs; one that already exists is left as it is. */
export async function seedPrograms(programs: readonly Program[]): Promise<void> {
  for (const program of programs) {
    try {
      await programRepository.create(program);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
}
