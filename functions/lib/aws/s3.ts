import { S3Client } from '@aws-sdk/client-s3';

/*
 * Created on first use (see dynamodb.ts), so tests can point AWS_ENDPOINT_URL_S3 at a local server
 * first. The SDK's standard retry mode retries throttling with exponential backoff and jitter; more
 * attempts ride out bursts.
 */
let s3: S3Client | undefined;

export function s3Client(): S3Client {
  s3 ??= new S3Client({
    maxAttempts: 6,
    // A local S3 stand-in (s3rver) answers path-style requests only.
    forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
  });
  return s3;
}
