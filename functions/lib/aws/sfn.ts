import { SFNClient } from '@aws-sdk/client-sfn';

/*
 * Created on first use (see dynamodb.ts). The SDK's standard retry mode retries throttling with
 * exponential backoff and jitter; more attempts ride out bursts.
 */
let sfn: SFNClient | undefined;

export function sfnClient(): SFNClient {
  sfn ??= new SFNClient({ maxAttempts: 4 });
  return sfn;
}
