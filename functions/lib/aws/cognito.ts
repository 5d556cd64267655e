import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/*
 * Created on first use (see dynamodb.ts). The SDK's standard retry mode retries throttling with
 * exponential backoff and jitter; more attempts ride out bursts.
 */
let cognitoClient: CognitoIdentityProviderClient | undefined;

export function cognitoIdentityClient(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient({ maxAttempts: 4 });
  return cognitoClient;
}
