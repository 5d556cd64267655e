import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../db/client';

/*
 * One module per AWS service (this folder): the SDK packages are external to the bundles (the Lambda
 * runtime ships them), so every `require` stays, and a function loads only the services it imports.
 * One client per service per process, created on first use so tests can point the endpoint variables
 * (AWS_ENDPOINT_URL_DYNAMODB, ...) at local servers before the first call.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function dynamoDocumentClient(): DynamoDBDocumentClient {
  // The retry policy of every table read and write lives in db/client.ts.
  documentClient ??= createDocumentClient();
  return documentClient;
}
