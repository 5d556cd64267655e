import { KMSClient } from '@aws-sdk/client-kms';

/*
 * Created on first use (see dynamodb.ts). Only the firms function loads it: it alone holds the key
 * that seals firm secrets (functions/lib/crypto/envelope.ts). The SDK's standard retry mode retries
 * throttling with exponential backoff and jitter.
 */
let kms: KMSClient | undefined;

export function kmsClient(): KMSClient {
  kms ??= new KMSClient({ maxAttempts: 4 });
  return kms;
}
