import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/*
 * One client per service per process, created on first use so tests can point the endpoint variables
 * (AWS_ENDPOINT_URL_DYNAMODB, ...) at local servers before the first call. The SDK's standard retry mode
 * already retries throttling with exponential backoff and jitter; more attempts ride out bursts.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let cognitoClient: CognitoIdentityProviderClient | undefined;

export function dynamoDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 8 }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return documentClient;
}

export function cognitoIdentityClient(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient({ maxAttempts: 4 });
  return cognitoClient;
}
