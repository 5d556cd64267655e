import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * Where the generated files go. The generator hands each file over as a byte stream and writes it
 * only as fast as the sink consumes it, so no file is ever held in memory whole.
 */
export interface DemoDataSink {
  /** Stores the stream under `key` (`broker/20260302/audit-trail.csv`); resolves once stored. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** Releases what the sink holds (temporary files); called once at the end. */
  close?(): Promise<void>;
}

/** Files under `root`, at their keys as relative paths. */
export function directorySink(root: string): DemoDataSink {
  return {
    async put(key, body) {
      const path = join(root, ...key.split('/'));
      await mkdir(dirname(path), { recursive: true });
      await pipeline(body, createWriteStream(path));
    },
  };
}

/**
 * A client for the local stack's S3 (s3rver): endpoint from AWS_ENDPOINT_URL_S3, path-style, and no
 * default request checksums, whose aws-chunked bodies s3rver would store as they are.
 */
export async function localS3Client(endpoint?: string): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    region: process.env.AWS_REGION ?? 'us-east-1',
    ...(endpoint && { endpoint }),
  });
}

export interface BucketSinkOptions {
  bucket: string;
  /** Defaults to a client for the local S3 (endpoint from AWS_ENDPOINT_URL_S3, path-style). */
  client?: S3Client;
}

/**
 * Objects in an S3 bucket, one PutObject per file. The SDK needs the length of a streamed body up
 * front, so each file is first streamed to a temporary file and then uploaded from disk: memory stays
 * bounded for a million-row file, and the bytes are exactly those the directory sink writes.
 */
export function bucketSink(options: BucketSinkOptions): DemoDataSink {
  let staging: Promise<string> | null = null;
  let client: Promise<S3Client> | null = options.client ? Promise.resolve(options.client) : null;
  let counter = 0;
  return {
    async put(key, body, contentType) {
      staging ??= mkdtemp(join(tmpdir(), 'deskline-demo-data-'));
      counter += 1;
      const name = String(counter);
      const path = join(await staging, name);
      try {
        await pipeline(body, createWriteStream(path));
        const { size } = await stat(path);
        // Loaded on first use: writing to a directory never pays for the SDK.
        const { PutObjectCommand } = await import('@aws-sdk/client-s3');
        client ??= localS3Client();
        await (
          await client
        ).send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: key,
            Body: createReadStream(path),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } finally {
        await rm(path, { force: true });
      }
    },
    async close() {
      if (staging) await rm(await staging, { recursive: true, force: true });
    },
  };
}
