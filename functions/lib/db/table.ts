import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../aws-clients';
import { ConflictError } from '../errors';
import { requiredEnv } from '../env';

export type Item = Record<string, unknown>;

export function tableName(): string {
  return requiredEnv('TABLE_NAME');
}

/** Reads every page of a query. For partitions known to stay small (program list, a firm's brokers). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Creates an item that must not exist yet; an existing one is a conflict, not an overwrite. */
export async function putNew(item: Item, conflictMessage: string): Promise<void> {
  try {
    await dynamoDocumentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new ConflictError(conflictMessage);
    throw error;
  }
}
