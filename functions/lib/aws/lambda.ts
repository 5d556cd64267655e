import { LambdaClient } from '@aws-sdk/client-lambda';

/*
 * Created on first use (see dynamodb.ts). The SDK's standard retry mode retries throttling with
 * exponential backoff and jitter; more attempts ride out bursts.
 */
let lambda: LambdaClient | undefined;

export function lambdaClient(): LambdaClient {
  lambda ??= new LambdaClient({ maxAttempts: 4 });
  return lambda;
}
