import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Attempts per DynamoDB call, counting the first. Every read and write of the table (Get, Query, Put,
 * Update, Delete, BatchGet, BatchWrite) goes through the one document client made here, so throttling
 * is retried the same way on every path: the SDK's standard retry strategy backs off exponentially
 * with full jitter (from about half a second for throttling errors) and spends a retry quota, so a
 * burst against a busy partition waits instead of failing. Partial batches (`UnprocessedItems`,
 * `UnprocessedKeys`) are answers, not errors: `BatchWriter` and `getItems` retry those.
 */
export const DYNAMO_MAX_ATTEMPTS = 8;

/** The SDK client configuration every DynamoDB client of the functions uses. */
export function dynamoClientConfig(overrides: DynamoDBClientConfig = {}): DynamoDBClientConfig {
  return { maxAttempts: DYNAMO_MAX_ATTEMPTS, retryMode: 'standard', ...overrides };
}

/** A document client with the table's retry policy and marshalling options. */
export function createDocumentClient(overrides: DynamoDBClientConfig = {}): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient(dynamoClientConfig(overrides)), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}
