import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from './db/client';

/*
 * One client per service per process, created on first use so tests can point the endpoint variables
 * (AWS_ENDPOINT_URL_DYNAMODB, ...) at local servers before the first call. The SDK's standard retry mode
 * retries throttling with exponential backoff and jitter; more attempts ride out bursts (the table's
 * policy: db/client.ts).
 */
let documentClient: DynamoDBDocumentClient | undefined;
let cognitoClient: CognitoIdentityProviderClient | undefined;
let s3: S3Client | undefined;
let lambda: LambdaClient | undefined;

export function dynamoDocumentClient(): DynamoDBDocumentClient {
  // The retry policy of every table read and write lives in db/client.ts.
  documentClient ??= createDocumentClient();
  return documentClient;
}

export function cognitoIdentityClient(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient({ maxAttempts: 4 });
  return cognitoClient;
}

export function s3Client(): S3Client {
  s3 ??= new S3Client({
    maxAttempts: 6,
    // A local S3 stand-in (s3rver) answers path-style requests only.
    forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
  });
  return s3;
}

export function lambdaClient(): LambdaClient {
  lambda ??= new LambdaClient({ maxAttempts: 4 });
  return lambda;
}
