import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';

/*
 * Created on first use (see functions/lib/aws/dynamodb.ts), so tests can point the endpoint
 * variables at local servers first. The SDK's standard retry mode retries throttling with backoff.
 */
let sqs: SQSClient | undefined;
let ses: SESv2Client | undefined;

export function sqsClient(): SQSClient {
  sqs ??= new SQSClient({ maxAttempts: 4 });
  return sqs;
}

export function sesClient(): SESv2Client {
  ses ??= new SESv2Client({ maxAttempts: 4 });
  return ses;
}
