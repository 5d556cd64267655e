import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { BrokerFileKind } from '@shared/broker-files/kinds';
import { BROKER_FILES_PREFIX, parseBrokerFileKey } from '@shared/broker-files/registry';
import { isCalendarDate } from '@shared/rules/calendar';
import { s3Client } from '../lib/aws/s3';

/** One broker file of a date folder. */
export interface BrokerFile {
  key: string;
  kind: BrokerFileKind;
  gzip: boolean;
  /** When the broker last wrote the file (ISO 8601): stored as the rows' fileModifiedDate. */
  lastModified: string;
}

/** Where the broker's files come from: the S3 bucket in AWS and locally, a stub in tests. */
export interface BrokerFileSource {
  /** Every date folder, oldest first. */
  listDates(): Promise<string[]>;
  listFiles(date: string): Promise<BrokerFile[]>;
  /** The file's text as a stream, decompressed when it is gzip. */
  open(file: BrokerFile): Promise<Readable>;
}

/** The broker files among listed keys, in their order; keys that are not broker files are skipped. */
export function brokerFilesOf(
  listed: ReadonlyArray<{ key: string; lastModified: string }>,
): BrokerFile[] {
  return listed.flatMap(({ key, lastModified }) => {
    const parsed = parseBrokerFileKey(key);
    return parsed ? [{ key, kind: parsed.kind, gzip: parsed.gzip, lastModified }] : [];
  });
}

async function listAll(bucket: string, prefix: string, delimiter?: string) {
  const keys: { key: string; lastModified?: Date }[] = [];
  const prefixes: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await s3Client().send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        Delimiter: delimiter,
        ContinuationToken,
      }),
    );
    for (const entry of page.Contents ?? []) {
      if (entry.Key) keys.push({ key: entry.Key, lastModified: entry.LastModified });
    }
    for (const entry of page.CommonPrefixes ?? []) if (entry.Prefix) prefixes.push(entry.Prefix);
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return { keys, prefixes };
}

/** The broker files in `bucket` under `broker/<YYYYMMDD>/` (contracts/broker-files.md). */
export function s3Source(bucket: string): BrokerFileSource {
  return {
    async listDates() {
      const { prefixes } = await listAll(bucket, BROKER_FILES_PREFIX, '/');
      return prefixes
        .map((prefix) => prefix.slice(BROKER_FILES_PREFIX.length).replace(/\/$/, ''))
        .filter(isCalendarDate)
        .sort();
    },

    async listFiles(date) {
      const { keys } = await listAll(bucket, `${BROKER_FILES_PREFIX}${date}/`);
      return brokerFilesOf(
        keys.map(({ key, lastModified }) => ({
          key,
          lastModified: (lastModified ?? new Date(0)).toISOString(),
        })),
      );
    },

    async open(file) {
      const answer = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: file.key }));
      return fileBody(answer.Body as Readable, file.gzip);
    },
  };
}

/**
 * A file's bytes as the CSV reader reads them: gunzipped for a `.gz` file. `pipeline`, not `pipe`: a
 * body that fails midway (a connection reset) fails the gunzip too, so the read ends with that error
 * instead of waiting forever for bytes that will not come.
 */
export function fileBody(body: Readable, gzip: boolean): Readable {
  if (!gzip) return body;
  // The returned stream carries any error to its reader; the callback has nothing left to do.
  return pipeline(body, createGunzip(), () => undefined);
}
