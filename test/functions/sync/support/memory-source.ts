import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parseBrokerFileKey } from '@shared/broker-files/registry';
import { brokerFilesOf, type BrokerFileSource } from '../../../../functions/sync/s3-source';

/** A bucket in memory: key → file content (gzip when the key ends in .gz). */
export function memorySource(files: Record<string, string | Buffer>): BrokerFileSource {
  const keys = Object.keys(files).sort();
  return {
    listDates: async () => [...new Set(keys.map((key) => key.split('/')[1]!))].sort(),
    listFiles: async (date) =>
      brokerFilesOf(
        keys
          .filter((key) => parseBrokerFileKey(key)?.date === date)
          .map((key) => ({ key, lastModified: '2026-03-02T06:00:00.000Z' })),
      ),
    open: async (file) => {
      const stream = Readable.from([files[file.key]!]);
      return file.gzip ? stream.pipe(createGunzip()) : stream;
    },
  };
}
